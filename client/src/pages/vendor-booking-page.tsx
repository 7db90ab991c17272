import { PageShell } from "@/components/page-shell";

/** /vendor-booking (public) — placeholder until its feature issue lands. */
export function VendorBookingPage() {
  return <PageShell title="Food Vendor Event Slots" />;
}
