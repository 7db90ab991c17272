import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { LoadError, PageShell } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDay, formatTime } from "@shared/dates";
import { showPagePath, type ShowSummary } from "@shared/shows";
import { useVendorSlotsOf } from "@/lib/vendor-slots";
import { vendorShowsQuery, type VendorTourDate } from "@/features/vendor-bookings/api";
import { TourDateCard } from "@/features/vendor-bookings/components/tour-date-card";
import { VendorBookingDialog } from "@/features/vendor-bookings/components/vendor-booking-dialog";
import { useVendorPaymentReturn } from "@/features/vendor-bookings/use-vendor-payment-return";

/** `/vendor-booking?show=<id>` (a show page's 'Book Vendor Slot') opens that show's dialog. */
const SHOW_PARAM = "show";

/** Shown as "Sat, Jun 1, 2030" and "8:00 PM EDT" (the venue's clock); the booking still refers to the id. */
function shownTourDate(show: ShowSummary): VendorTourDate {
  return { ...show, date: formatDay(show, show.timeZone, "weekday"), time: formatTime(show, show.timeZone) };
}

/** /vendor-booking (public): food vendors book a spot at an upcoming show and pay by card. */
export function VendorBookingPage() {
  const shows = useQuery(vendorShowsQuery);
  const [path, navigate] = useLocation();
  const requested = new URLSearchParams(useSearch()).get(SHOW_PARAM);
  const [selectedId, setSelectedId] = useState<string | null>(requested);
  const selected = shows.data?.find((show) => show.id === selectedId);
  const slots = useVendorSlotsOf(shows.data?.map((show) => show.id) ?? []);
  useVendorPaymentReturn();

  function close() {
    setSelectedId(null);
    // Closed once, the dialog should not open again on reload or Back.
    if (requested) navigate(path, { replace: true });
  }

  return (
    <PageShell
      title="Food Vendor Event Slots"
      description="Bring your food to our shows: pick an event, choose a spot and pay securely by card."
    >
      {shows.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading events">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-xl" />
          ))}
        </div>
      ) : shows.isError ? (
        <LoadError what="the events" onRetry={() => void shows.refetch()} />
      ) : shows.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          No upcoming events available for booking at this time.
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {shows.data.map((show) => (
            <li key={show.id} className="grid">
              <TourDateCard
                tourDate={shownTourDate(show)}
                slots={slots.data?.[show.id]}
                detailsHref={showPagePath(show.id)}
                onBook={() => setSelectedId(show.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <VendorBookingDialog tourDate={selected ? shownTourDate(selected) : null} onClose={close} />
    </PageShell>
  );
}
