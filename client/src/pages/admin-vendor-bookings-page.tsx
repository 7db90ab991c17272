import { useQuery } from "@tanstack/react-query";
import { AdminOnly } from "@/components/admin-only";
import { LoadError, PageShell } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay, formatTime } from "@shared/dates";
import { vendorBookingsQuery } from "@/features/vendor-bookings/api";
import { VendorBookingsList } from "@/features/vendor-bookings/components/vendor-bookings-list";

/** /admin/vendor-bookings: every food-vendor booking per tour date. */
export function AdminVendorBookingsPage() {
  return (
    <PageShell
      title="Vendor Bookings"
      description="Food vendor slots booked for your tour dates, with their payment status."
    >
      <AdminOnly>
        <VendorBookingsBody />
      </AdminOnly>
    </PageShell>
  );
}

function VendorBookingsBody() {
  const bookings = useQuery(vendorBookingsQuery);
  if (bookings.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading vendor bookings">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
    );
  }
  if (bookings.isError) return <LoadError what="the vendor bookings" onRetry={() => void bookings.refetch()} />;
  if (bookings.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
        No vendor bookings yet. They appear here as soon as a vendor starts paying for a spot.
      </p>
    );
  }
  const shown = bookings.data.map((booking) => ({
    ...booking,
    tourDate: booking.tourDate && {
      ...booking.tourDate,
      date: formatDay(booking.tourDate.date, null, "weekday"),
      time: formatTime(booking.tourDate.time, null),
    },
  }));
  return <VendorBookingsList bookings={shown} />;
}
