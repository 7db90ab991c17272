import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError, PageShell } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTourDay, formatEventTime } from "@shared/dates";
import { vendorTourDatesQuery, type VendorTourDate } from "@/features/vendor-bookings/api";
import { TourDateCard } from "@/features/vendor-bookings/components/tour-date-card";
import { VendorBookingDialog } from "@/features/vendor-bookings/components/vendor-booking-dialog";
import { useVendorPaymentReturn } from "@/features/vendor-bookings/use-vendor-payment-return";

/** /vendor-booking (public): food vendors book a spot at a tour date and pay by card. */
export function VendorBookingPage() {
  const tourDates = useQuery(vendorTourDatesQuery);
  const [selected, setSelected] = useState<VendorTourDate | null>(null);
  useVendorPaymentReturn();

  return (
    <PageShell
      title="Food Vendor Event Slots"
      description="Bring your food to our shows: pick an event, choose a spot and pay securely by card."
    >
      {tourDates.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading events">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : tourDates.isError ? (
        <LoadError what="the events" onRetry={() => void tourDates.refetch()} />
      ) : tourDates.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No upcoming events available for booking at this time.
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tourDates.data.map((tourDate) => {
            // Shown as "Sat, Jun 1, 2030" and "8:00 PM"; the booking still refers to the id.
            const shown = { ...tourDate, date: formatTourDay(tourDate.date), time: formatEventTime(tourDate.time) };
            return (
              <li key={tourDate.id} className="grid">
                <TourDateCard tourDate={shown} onBook={() => setSelected(shown)} />
              </li>
            );
          })}
        </ul>
      )}
      <VendorBookingDialog tourDate={selected} onClose={() => setSelected(null)} />
    </PageShell>
  );
}
