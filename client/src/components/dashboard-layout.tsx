import {
  CalendarDays,
  Disc3,
  GraduationCap,
  Inbox,
  LayoutDashboard,
  Library,
  LogOut,
  MapPin,
  Music,
  Receipt,
  Settings,
  Ticket,
  TicketCheck,
  Users,
} from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { NavGroup, type NavLink } from "@/components/nav-group";
import { Brand } from "@/components/brand";
import { LogOutForm } from "@/components/log-out-form";
import { ThemeToggle } from "@/components/theme-toggle";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from "@/components/ui/sidebar";
import { useCurrentUser } from "@/lib/auth";

const AdminNavGroups = lazy(async () => ({ default: (await import("@/components/admin-nav")).AdminNavGroups }));

/** The sidebar's links, in order (docs/product.md, "Members"). */
export const WORKSPACE_LINKS: readonly NavLink[] = [
  { title: "Overview", href: "/dashboard", icon: LayoutDashboard, aliases: ["/studio"] },
  { title: "Submissions", href: "/dashboard/submissions", icon: Inbox, aliases: ["/submissions", "/ar"] },
  { title: "Artists", href: "/dashboard/artists", icon: Users, aliases: ["/artists"] },
  { title: "Bookings", href: "/dashboard/bookings", icon: CalendarDays, aliases: ["/bookings"] },
  { title: "Tour Dates", href: "/tour-dates", icon: MapPin },
  { title: "Music Library", href: "/dashboard/library", icon: Library, aliases: ["/store"] },
  { title: "Settings", href: "/dashboard/settings", icon: Settings, aliases: ["/settings"] },
];

export const MEMBER_LINKS: readonly NavLink[] = [
  { title: "Event Tickets", href: "/tickets", icon: Ticket },
  { title: "My Tickets", href: "/my-tickets", icon: TicketCheck },
  // What the member bought or redeemed in the music store, to download again.
  { title: "My Music", href: "/library", icon: Disc3 },
  { title: "Invoices", href: "/invoices", icon: Receipt },
  { title: "Development", href: "/development", icon: GraduationCap },
  { title: "Royalties", href: "/royalties", icon: Music },
];

/**
 * The brand links home. Their accessible name starts with the label name people see, so
 * voice control ("click Label Records") finds them; this adds where they lead.
 */
function HomeSuffix() {
  // The space is its own text node: a space inside the hidden span is dropped from the name.
  return (
    <>
      {" "}
      <span className="sr-only">home</span>
    </>
  );
}

function AppSidebar() {
  const { user, isAdmin } = useCurrentUser();
  const { setOpenMobile } = useSidebar();
  const [location] = useLocation();

  // The mobile panel is modal: close it once a link has been followed.
  useEffect(() => setOpenMobile(false), [location, setOpenMobile]);

  return (
    <Sidebar label="Navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Home" className="h-11 group-data-[collapsible=icon]:p-0.5!">
              <Link href="/">
                <Brand labelName={user?.labelName} labelLogoUrl={user?.labelLogoUrl} />
                <HomeSuffix />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Dashboard" className="flex flex-col">
          <NavGroup label="Studio" links={WORKSPACE_LINKS} />
          <NavGroup label="Members" links={MEMBER_LINKS} />
          {isAdmin && (
            <Suspense fallback={null}>
              <AdminNavGroups />
            </Suspense>
          )}
        </nav>
      </SidebarContent>
      <SidebarFooter>
        {user?.email && (
          <p className="truncate px-2 text-xs text-sidebar-foreground/75 group-data-[collapsible=icon]:hidden">
            {user.email}
          </p>
        )}
        <SidebarMenu>
          <SidebarMenuItem>
            <LogOutForm>
              <SidebarMenuButton type="submit" tooltip="Log Out">
                <LogOut aria-hidden="true" />
                <span>Log Out</span>
              </SidebarMenuButton>
            </LogOutForm>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}

/** The signed-in frame: sidebar, a top bar with its toggle, and the page. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return (
    <SidebarProvider>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/80 px-2 backdrop-blur supports-[backdrop-filter]:bg-background/60 sm:px-4">
          <SidebarTrigger />
          <Link
            href="/"
            className="flex min-w-0 rounded-md outline-hidden focus-visible:ring-2 focus-visible:ring-ring md:hidden"
          >
            <Brand labelName={user?.labelName} labelLogoUrl={user?.labelLogoUrl} />
            <HomeSuffix />
          </Link>
          <ThemeToggle className="ml-auto" />
        </header>
        {children}
      </SidebarInset>
    </SidebarProvider>
  );
}
