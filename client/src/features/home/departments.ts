import {
  CalendarDays,
  GraduationCap,
  Guitar,
  Headphones,
  Inbox,
  Megaphone,
  MicVocal,
  Music,
  Package,
  Settings,
  Shirt,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";

export type Department = { title: string; href: string; icon: LucideIcon; blurb: string };

/** The 11 department tiles, in this order (docs/product.md, "Home"). */
export const DEPARTMENTS: readonly Department[] = [
  { title: "Label Settings", href: "/settings", icon: Settings, blurb: "Your label's name and logo." },
  { title: "Studio", href: "/studio", icon: MicVocal, blurb: "Sessions, submissions and studio stats." },
  { title: "A&R", href: "/ar", icon: Headphones, blurb: "Send tracks for review by our A&R team." },
  { title: "Fashion", href: "/fashion", icon: Shirt, blurb: "Apparel and label-branded collections." },
  { title: "Music Store", href: "/store", icon: Music, blurb: "Browse, preview and buy tracks." },
  { title: "Artist Development", href: "/development", icon: GraduationCap, blurb: "Courses, guides and mentorship." },
  { title: "Session Musicians", href: "/session", icon: Guitar, blurb: "Hire players and manage contracts." },
  { title: "Advertising", href: "/advertising", icon: Megaphone, blurb: "Promote a release with an ad package." },
  { title: "Music Submissions", href: "/submissions", icon: Inbox, blurb: "Submit music and follow its status." },
  { title: "Bookings", href: "/bookings", icon: CalendarDays, blurb: "Book artists for events and shows." },
  { title: "Merchandise", href: "/merchandise", icon: Package, blurb: "Shirts, vinyl and tour goods." },
];
