import { PageShell } from "@/components/page-shell";

/** /bookings (also /dashboard/bookings) — placeholder until its feature issue lands. */
export function BookingsPage() {
  return <PageShell title="Event & Artist Bookings" />;
}
