import { PageShell } from "@/components/page-shell";

/** /admin/vendor-bookings — placeholder until its feature issue lands. */
export function AdminVendorBookingsPage() {
  return <PageShell title="Vendor Bookings" />;
}
