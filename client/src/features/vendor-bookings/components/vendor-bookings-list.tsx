import { Mail, Phone } from "lucide-react";
import { VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import { formatMoney } from "@shared/money";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import type { VendorBooking } from "@shared/vendor-bookings";
import { CancelBookingButton, isCancellable } from "./cancel-booking-button";

type ShownTourDate = NonNullable<VendorBooking["tourDate"]>;
type Group = { tourDate: ShownTourDate; bookings: VendorBooking[] };

/** Stands in for the tour date of bookings kept after their date was deleted. */
const DELETED_TOUR_DATE: Group["tourDate"] = {
  id: "deleted",
  artistName: "Deleted tour date",
  date: "—",
  time: "—",
  location: "—",
};

/** Bookings per tour date, in the order the (newest-first) list first mentions each date. */
export function groupByTourDate(bookings: readonly VendorBooking[]): Group[] {
  const groups = new Map<string, Group>();
  for (const booking of bookings) {
    const tourDate = booking.tourDate ?? DELETED_TOUR_DATE;
    const group = groups.get(tourDate.id) ?? { tourDate, bookings: [] };
    group.bookings.push(booking);
    groups.set(tourDate.id, group);
  }
  return [...groups.values()];
}

function spotLabel(spotType: string) {
  return VENDOR_SPOTS[spotType as VendorSpotType]?.label ?? spotType;
}

/** The administrators' list: spot, vendor, contact, amount, payment status and 'Cancel booking'. */
export function VendorBookingsList({ bookings }: { bookings: readonly VendorBooking[] }) {
  return (
    <div className="grid gap-8">
      {groupByTourDate(bookings).map(({ tourDate, bookings: rows }) => (
        <section key={tourDate.id} aria-labelledby={`tour-${tourDate.id}`} className="grid gap-3">
          <div>
            <h2 id={`tour-${tourDate.id}`} className="text-xl font-semibold">
              {tourDate.artistName}
            </h2>
            <p className="text-sm text-muted-foreground">
              {tourDate.date} · {tourDate.time} · {tourDate.location} · {rows.length}{" "}
              {rows.length === 1 ? "booking" : "bookings"}
            </p>
          </div>
          <ul className="divide-y rounded-xl border bg-card">
            {rows.map((booking) => (
              <li key={booking.id} className="grid gap-3 p-4 sm:grid-cols-[1.2fr_1.5fr_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="font-medium">{booking.vendorName}</p>
                  <p className="text-sm text-muted-foreground">
                    {booking.businessName} · {booking.foodType}
                  </p>
                </div>
                <div className="grid min-w-0 gap-1 text-sm">
                  <a
                    className="flex items-center gap-2 break-all hover:underline"
                    href={`mailto:${booking.vendorEmail}`}
                  >
                    <Mail aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    {booking.vendorEmail}
                  </a>
                  <a className="flex items-center gap-2 hover:underline" href={`tel:${booking.vendorPhone}`}>
                    <Phone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    {booking.vendorPhone}
                  </a>
                </div>
                <div className="flex flex-wrap items-center gap-3 sm:justify-end">
                  <span className="text-sm">{spotLabel(booking.spotType)}</span>
                  <span className="font-semibold tabular-nums">{formatMoney(booking.amount)}</span>
                  <PaymentStatusBadge status={booking.paymentStatus} />
                  {isCancellable(booking) && <CancelBookingButton booking={booking} />}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
