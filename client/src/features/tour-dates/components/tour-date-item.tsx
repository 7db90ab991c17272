import { CalendarDays, Clock, Eye, Globe, MapPin, Ticket } from "lucide-react";
import { Link } from "wouter";
import { formatDay, formatTime } from "@shared/dates";
import type { TourDate } from "@shared/tour-dates";
import { showPagePath } from "@shared/shows";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { RowActions } from "@/components/management";
import { SPOT_SHORT_LABELS } from "@/lib/vendor-slots";

export type TourDateRow = Pick<
  TourDate,
  "id" | "artistName" | "date" | "time" | "location" | "timeZone" | "eventId" | "vendorSlots"
>;

/** "America/Argentina/Buenos_Aires" → "America/Argentina/Buenos Aires": the zone as chosen in the dialog. */
const zoneName = (timeZone: string) => timeZone.replaceAll("_", " ");

/** Booked of offered per spot type: "3 / 10" (a spot type sold out reads "10 / 10"). */
function SlotsBooked({ slots }: { slots: readonly VendorSlotAvailability[] }) {
  return (
    <div className="grid gap-1.5">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Vendor slots booked</p>
      <dl className="grid max-w-sm grid-cols-3 divide-x rounded-md border text-center">
        {slots.map((slot) => (
          <div key={slot.spotType} className="grid gap-0.5 px-2 py-1.5">
            <dt className="text-xs text-muted-foreground">{SPOT_SHORT_LABELS[slot.spotType]}</dt>
            <dd className="text-sm font-semibold tabular-nums">
              {slot.capacity - slot.remaining} / {slot.capacity}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One tour date of the management list. */
export function TourDateItem({
  tourDate,
  eventName,
  slots,
  onEdit,
  onDelete,
  deleting,
}: {
  tourDate: TourDateRow;
  /** The linked event's name; undefined while the events load (or if it is gone). */
  eventName?: string;
  slots?: readonly VendorSlotAvailability[];
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const day = formatDay(tourDate, tourDate.timeZone, "weekday");
  const time = formatTime(tourDate, tourDate.timeZone);
  const facts = "inline-flex min-w-0 items-center gap-1.5";
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card/90 p-4 shadow-sm sm:flex-row sm:items-start">
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 className="truncate text-lg font-semibold">{tourDate.artistName}</h2>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className={facts}>
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            <time dateTime={tourDate.date}>{day}</time>
          </span>
          <span className={facts}>
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {time}
          </span>
          <span className={facts}>
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{tourDate.location}</span>
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className={facts}>
            <Globe aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only">Time zone: </span>
            <span className="break-all">{zoneName(tourDate.timeZone)}</span>
          </span>
          <span className={facts}>
            <Ticket aria-hidden="true" className="size-4 shrink-0" />
            {tourDate.eventId ? (
              <span className="min-w-0 break-words">
                <span className="sr-only">Tickets from </span>
                {eventName ?? "A linked event"}
              </span>
            ) : (
              "No linked event"
            )}
          </span>
          <Link
            href={showPagePath(tourDate.id)}
            className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            aria-label={`Show page of ${tourDate.artistName} on ${day}`}
          >
            <Eye aria-hidden="true" className="size-4" />
            Show page
          </Link>
        </p>
        {slots && slots.length > 0 && <SlotsBooked slots={slots} />}
      </div>
      <RowActions name={`${tourDate.artistName} on ${day}`} onEdit={onEdit} onDelete={onDelete} deleting={deleting} />
    </li>
  );
}
