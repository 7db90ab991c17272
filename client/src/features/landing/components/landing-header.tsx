import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { ThemeToggle } from "@/components/theme-toggle";
import { SIGN_IN_PATH } from "@shared/sign-in";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const linkClass =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring outline-hidden";

/** The landing page's own places, in the order they appear; the shop is the merchandise section. */
const SITE_LINKS: readonly { label: string; href: string; inPage?: boolean }[] = [
  { label: "Artists", href: "/artists" },
  { label: "Tour Dates", href: "#tour-dates", inPage: true },
  { label: "Shop", href: "#shop", inPage: true },
  { label: "Food Vendors", href: "/vendor-booking" },
];

function SiteLink({
  link,
  className,
  onNavigate,
}: {
  link: (typeof SITE_LINKS)[number];
  className?: string;
  onNavigate?: () => void;
}) {
  return link.inPage ? (
    <a href={link.href} className={cn(linkClass, className)} onClick={onNavigate}>
      {link.label}
    </a>
  ) : (
    <Link href={link.href} className={cn(linkClass, className)} onClick={onNavigate}>
      {link.label}
    </Link>
  );
}

/**
 * Brand, the site's links, theme toggle, the shop's cart (once it holds something) and Log In
 * (a full-page navigation, not an in-app route). On a phone the links fold into a menu, except
 * Shop, which stays in view at every width; the brand keeps its whole name.
 */
export function LandingHeader({ cart }: { cart?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the menu and gives focus back to its button, as a disclosure should.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-3 sm:gap-2 sm:px-4">
        <Brand className="shrink-0" />
        <nav aria-label="Site" className="hidden items-center md:flex">
          {SITE_LINKS.map((link) => (
            <SiteLink key={link.href} link={link} />
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          <a href="#shop" className={cn(linkClass, "px-2 md:hidden")}>
            Shop
          </a>
          <ThemeToggle className="max-md:hidden" />
          {cart}
          <Button asChild size="sm" className="min-h-11 sm:min-h-9">
            <a href={SIGN_IN_PATH}>Log In</a>
          </Button>
          <Button
            ref={toggleRef}
            type="button"
            variant="ghost"
            size="icon"
            className="size-11 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <nav id={menuId} aria-label="Site menu" hidden={!menuOpen} className="border-t px-3 pb-3 md:hidden">
        <ul className="flex flex-col">
          {SITE_LINKS.map((link) => (
            <li key={link.href}>
              <SiteLink link={link} className="w-full" onNavigate={close} />
            </li>
          ))}
        </ul>
        <div className="mt-2 flex items-center gap-2 px-3 text-sm text-muted-foreground">
          <ThemeToggle /> Theme
        </div>
      </nav>
    </header>
  );
}
