import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

const linkClass =
  "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground outline-hidden transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The public site's places, in the landing page's order. Tour dates and the shop are sections
 * of the landing page: from there the link only scrolls, from any other page it goes home first.
 */
const SITE_LINKS = [
  { label: "Artists", href: "/artists" },
  { label: "Tour Dates", href: "/#tour-dates", section: true },
  { label: "Shop", href: "/#shop", section: true },
  { label: "Food Vendors", href: "/vendor-booking" },
] as const;

type SiteLinkProps = { link: (typeof SITE_LINKS)[number]; className?: string; onNavigate?: () => void };

function SiteLink({ link, className, onNavigate }: SiteLinkProps) {
  // A section is a plain link: the browser scrolls to it (and loads "/" first when elsewhere).
  const Anchor = "section" in link ? "a" : Link;
  return (
    <Anchor href={link.href} className={cn(linkClass, className)} onClick={onNavigate}>
      {link.label}
    </Anchor>
  );
}

/** The site's links in a row, from tablet width up. */
export function SiteLinks() {
  return (
    <nav aria-label="Site" className="hidden items-center md:flex">
      {SITE_LINKS.map((link) => (
        <SiteLink key={link.href} link={link} />
      ))}
    </nav>
  );
}

/** On a phone, Shop stays in view beside the menu; wider, it is one of the site's links. */
export function ShopLink() {
  return <SiteLink link={SITE_LINKS[2]} className="px-2 md:hidden" />;
}

/**
 * On a phone, a menu button that opens the site's links and the theme below the header (which
 * must be positioned: sticky or relative).
 */
export function SiteMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Escape closes the menu and gives focus back to its button, as a disclosure should.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="ghost"
        size="icon"
        className="size-11 md:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      <nav
        id={panelId}
        aria-label="Site menu"
        hidden={!open}
        className="absolute inset-x-0 top-full border-b bg-background px-3 pb-3 shadow-md md:hidden"
      >
        <ul className="flex flex-col">
          {SITE_LINKS.map((link) => (
            <li key={link.href}>
              <SiteLink link={link} className="w-full" onNavigate={() => setOpen(false)} />
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2 px-1 text-sm text-muted-foreground">
          <ThemeToggle className="size-11" /> Theme
        </div>
      </nav>
    </>
  );
}
