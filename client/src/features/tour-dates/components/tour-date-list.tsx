import { CalendarDays, Clock, Eye, MapPin } from "lucide-react";
import { Link } from "wouter";
import { showPagePath } from "@shared/shows";
import type { TourDateResponse } from "@shared/tour-dates";
import { EmptyList, RowActions } from "@/components/management";
import { formatEventTime, formatTourDay } from "@shared/dates";

export type TourDateRow = Pick<
  TourDateResponse,
  "id" | "artistName" | "date" | "time" | "location" | "timeZone" | "eventId" | "vendorSlots"
>;

/** Date, time, location and artist, with edit and delete per row. */
export function TourDateList({
  tourDates,
  onEdit,
  onDelete,
  deletingId,
}: {
  tourDates: readonly TourDateRow[];
  onEdit: (tourDate: TourDateRow) => void;
  onDelete: (tourDate: TourDateRow) => void;
  deletingId: string | null;
}) {
  if (tourDates.length === 0) {
    return <EmptyList>No tour dates scheduled yet. Click "Add Tour Date" to create one.</EmptyList>;
  }
  return (
    <ul className="grid gap-3" aria-label="Tour dates">
      {tourDates.map((tourDate) => {
        const day = formatTourDay(tourDate.date);
        return (
          <li
            key={tourDate.id}
            className="flex flex-col gap-3 rounded-lg border bg-card/90 p-4 shadow-sm sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <h2 className="truncate text-lg font-semibold">{tourDate.artistName}</h2>
              <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays aria-hidden="true" className="size-4" />
                  <time dateTime={tourDate.date}>{day}</time>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden="true" className="size-4" />
                  {formatEventTime(tourDate.time)}
                </span>
                <span className="inline-flex min-w-0 items-center gap-1.5">
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  <span className="truncate">{tourDate.location}</span>
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
            </div>
            <RowActions
              name={`${tourDate.artistName} on ${day}`}
              onEdit={() => onEdit(tourDate)}
              onDelete={() => onDelete(tourDate)}
              deleting={deletingId === tourDate.id}
            />
          </li>
        );
      })}
    </ul>
  );
}
