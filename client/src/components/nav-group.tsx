import type { LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import {
  SidebarGroup,
  SidebarGroupLabel,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from "@/components/ui/sidebar";

export type NavLink = {
  title: string;
  href: string;
  icon: LucideIcon;
  /** Other routes that show the same page (router aliases), so the link still reads as current. */
  aliases?: readonly string[];
};

export function isCurrentLink(link: NavLink, location: string): boolean {
  return link.href === location || (link.aliases?.includes(location) ?? false);
}

export function NavGroup({ label, links }: { label: string; links: readonly NavLink[] }) {
  const [location] = useLocation();
  const currentRef = useRef<HTMLAnchorElement>(null);
  // A long sidebar (an administrator's) scrolls to the page open now, so the reader sees where
  // they are without scrolling for it; "nearest" leaves it alone when it is already in view.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [location]);
  return (
    <SidebarGroup>
      <SidebarGroupLabel>{label}</SidebarGroupLabel>
      <SidebarMenu>
        {links.map((link) => {
          const current = isCurrentLink(link, location);
          return (
            <SidebarMenuItem key={link.href}>
              <SidebarMenuButton asChild isActive={current} tooltip={link.title}>
                <Link
                  href={link.href}
                  aria-current={current ? "page" : undefined}
                  ref={current ? currentRef : undefined}
                >
                  <link.icon aria-hidden="true" />
                  <span>{link.title}</span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          );
        })}
      </SidebarMenu>
    </SidebarGroup>
  );
}
