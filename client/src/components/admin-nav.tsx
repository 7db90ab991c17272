import {
  AudioLines,
  CalendarClock,
  CalendarRange,
  ClipboardList,
  Disc3,
  FolderOpen,
  HandCoins,
  Inbox,
  Mail,
  Package,
  Radio,
  ScanLine,
  Star,
  Truck,
  Utensils,
} from "lucide-react";
import { NavGroup, type NavLink } from "@/components/nav-group";

// What only administrators see, in a chunk of its own: a member's pages (every one carries the
// sidebar) do not download its links and icons (docs/operations.md, "Figures").

/** Content only administrators manage. */
export const MANAGE_LINKS: readonly NavLink[] = [
  { title: "Merchandise", href: "/merchandise", icon: Package, aliases: ["/fashion"] },
  { title: "Orders", href: "/admin/orders", icon: ClipboardList },
  { title: "Events", href: "/admin/events", icon: CalendarClock },
  { title: "Check-in", href: "/check-in", icon: ScanLine },
  { title: "Featured Artists", href: "/admin/featured-artists", icon: Star },
  { title: "Live Streams", href: "/admin/live-streams", icon: Radio },
  { title: "Resources", href: "/admin/resources", icon: FolderOpen },
  { title: "Vendor Bookings", href: "/admin/vendor-bookings", icon: Utensils },
  { title: "Outbox", href: "/admin/outbox", icon: Mail },
  { title: "A&R", href: "/admin/submissions", icon: AudioLines },
  { title: "Shipping", href: "/admin/shipping", icon: Truck },
];

/**
 * Royalty Admin (docs/product.md, "Royalties"), named apart from a member's own "Royalties" page:
 * the catalogue and payees, then the reports; periods come last, as closing ends the cycle.
 */
export const ROYALTY_LINKS: readonly NavLink[] = [
  { title: "Catalogue", href: "/admin/catalogue", icon: Disc3 },
  { title: "Payees", href: "/admin/payees", icon: HandCoins },
  { title: "Imports", href: "/admin/royalty-imports", icon: Inbox },
  { title: "Unmatched", href: "/admin/unmatched", icon: ScanLine },
  { title: "Periods", href: "/admin/royalty-periods", icon: CalendarRange },
  { title: "Store Sales", href: "/admin/store", icon: Disc3 },
];

/** The sidebar's administrators' groups. */
export function AdminNavGroups() {
  return (
    <>
      <NavGroup label="Manage" links={MANAGE_LINKS} />
      <NavGroup label="Royalty Admin" links={ROYALTY_LINKS} />
    </>
  );
}
