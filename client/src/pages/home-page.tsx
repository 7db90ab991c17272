import { LogOut, Settings } from "lucide-react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { LogOutForm } from "@/components/log-out-form";
import { MANAGE_LINKS } from "@/components/admin-nav";
import { MEMBER_LINKS, WORKSPACE_LINKS } from "@/components/dashboard-layout";
import type { NavLink } from "@/components/nav-group";
import { useDocumentTitle } from "@/lib/document-title";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { AssistantWidget } from "@/features/assistant/components/assistant-widget";
import { useCurrentUser } from "@/lib/auth";
import { DepartmentTiles } from "@/features/home/components/department-tiles";
import { LinkGroup } from "@/features/home/components/link-group";
import { MasterCodeLine } from "@/features/master-code/components/master-code-line";

const pick = (links: readonly NavLink[], hrefs: readonly string[]) =>
  hrefs.map((href) => links.find((link) => link.href === href)!);

const QUICK_LINKS = pick(MEMBER_LINKS, ["/tickets", "/invoices", "/my-tickets"]);
const ADMIN_LINKS = [...pick(WORKSPACE_LINKS, ["/tour-dates"]), ...MANAGE_LINKS];

/** Signed-in "/": its own header (not the sidebar layout) and department tiles. */
export function HomePage() {
  const { user, isAdmin } = useCurrentUser();
  useDocumentTitle("Dashboard");
  const name = user?.firstName?.trim() || user?.email || "there";

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
          <Brand labelName={user?.labelName} labelLogoUrl={user?.labelLogoUrl} />
          <nav aria-label="Account" className="flex shrink-0 items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" size="sm">
              <Link href="/settings">
                <Settings aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Settings</span>
              </Link>
            </Button>
            <LogOutForm>
              <Button type="submit" variant="ghost" size="sm">
                <LogOut aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Log Out</span>
              </Button>
            </LogOutForm>
            <ThemeToggle />
          </nav>
        </div>
      </header>

      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 space-y-10 px-4 pb-28 pt-10 outline-hidden"
      >
        <div className="space-y-2">
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Welcome, {name}</h1>
          {/* Members are not told a role: only an administrator's standing is worth a line. */}
          {isAdmin && <p className="text-sm text-muted-foreground">Signed in as admin</p>}
          <MasterCodeLine />
        </div>

        <section aria-labelledby="home-departments">
          <h2 id="home-departments" className="font-display text-xl font-semibold">
            Departments
          </h2>
          <div className="mt-3">
            <DepartmentTiles />
          </div>
        </section>

        <LinkGroup title="Quick links" links={QUICK_LINKS} />
        {isAdmin && <LinkGroup title="Administration" links={ADMIN_LINKS} />}
      </main>

      <AssistantWidget />
    </div>
  );
}
