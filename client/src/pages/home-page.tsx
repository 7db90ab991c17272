import { LogOut, Settings } from "lucide-react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { useDocumentTitle } from "@/components/page-shell";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/features/auth/api";

/** Signed-in "/" (SPEC.md §2.3). The dashboard issue replaces the body with department tiles. */
export function HomePage() {
  const { user } = useCurrentUser();
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
            <Button asChild variant="ghost" size="sm">
              <a href="/api/logout">
                <LogOut aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Log Out</span>
              </a>
            </Button>
            <ThemeToggle />
          </nav>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 outline-hidden">
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
          Welcome, {name}
        </h1>
        {user && <p className="mt-2 text-muted-foreground">Signed in as {user.role}</p>}
      </main>
    </div>
  );
}
