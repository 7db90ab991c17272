import { CalendarDays, CalendarPlus, Clock, Download, MapPin, Mic } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { SHOWS_FEED_PATH } from "@shared/shows";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { LandingSection, SectionHeading } from "./section-heading";

/** A tour date ready to show: the page formats date and time. */
export interface TourDateView {
  id: string;
  artistName: string;
  location: string;
  /** e.g. "Sat, Dec 12, 2026" */
  day: string;
  /** e.g. "8:00 PM EDT" (the venue's clock and zone) */
  time: string;
  /** The show's own page; none for the TBA placeholders. */
  href?: string;
}

const TBA_ROWS: TourDateView[] = [1, 2, 3].map((n) => ({
  id: `tba-${n}`,
  artistName: "TBA",
  location: "TBA",
  day: "TBA",
  time: "TBA",
}));

function TourDateRow({ date, placeholder }: { date: TourDateView; placeholder?: boolean }) {
  const detailsId = useId();
  return (
    <li
      className="relative grid gap-3 rounded-xl border bg-card p-5 shadow-sm transition-colors has-[a:hover]:border-primary/60 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-6"
      data-placeholder={placeholder || undefined}
    >
      <div className="min-w-0">
        <h3 className="flex items-center gap-2 text-lg font-semibold">
          <Mic className="size-4 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">Artist: </span>
          {date.href ? (
            // The whole card is the link's target (the ::after covers it); the name is its text.
            <Link
              href={date.href}
              aria-describedby={detailsId}
              className="min-w-0 break-words outline-hidden after:absolute after:inset-0 after:rounded-xl hover:underline"
            >
              {date.artistName}
            </Link>
          ) : (
            date.artistName
          )}
        </h3>
        <p id={detailsId} className="mt-1 flex items-start gap-2 text-sm text-muted-foreground">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <span className="sr-only">Location: </span>
            {date.location}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-medium sm:justify-end">
        <p className="flex items-center gap-2">
          <CalendarDays className="size-4 text-primary" aria-hidden="true" />
          <span className="sr-only">Date: </span>
          {date.day}
        </p>
        <p className="flex items-center gap-2">
          <Clock className="size-4 text-primary" aria-hidden="true" />
          <span className="sr-only">Time: </span>
          {date.time}
        </p>
      </div>
    </li>
  );
}

function TourDatesBody({
  dates,
  status,
}: {
  dates: TourDateView[] | undefined;
  status: "pending" | "error" | "success";
}) {
  if (status === "pending") {
    return (
      <div role="status" className="mt-10 grid gap-3">
        <span className="sr-only">Loading tour dates…</span>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-24 rounded-xl" />
        ))}
      </div>
    );
  }
  if (status === "error") {
    return (
      <p role="alert" className="mt-10 rounded-xl border border-dashed p-6 text-muted-foreground">
        Tour dates could not be loaded right now. Please try again later.
      </p>
    );
  }
  const empty = !dates?.length;
  return (
    <>
      {empty && <p className="mt-6 text-muted-foreground">New dates are being booked. Check back soon.</p>}
      <ul className="mt-10 grid gap-3">
        {(empty ? TBA_ROWS : dates).map((date) => (
          <TourDateRow key={date.id} date={date} placeholder={empty} />
        ))}
      </ul>
    </>
  );
}

/** The upcoming-shows feed as a calendar app subscribes to it: webcal:// on this site's host. */
export function calendarSubscribeUrl(location: Pick<Location, "host"> = window.location): string {
  return `webcal://${location.host}${SHOWS_FEED_PATH}`;
}

/** Subscribe (the calendar app follows every new date), or download the same feed once. */
function CalendarLinks() {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2">
      <Button asChild variant="outline" size="sm">
        <a href={calendarSubscribeUrl()}>
          <CalendarPlus aria-hidden="true" />
          Subscribe to calendar
        </a>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <a href={SHOWS_FEED_PATH} download="label-records-shows.ics">
          <Download aria-hidden="true" />
          Download .ics
        </a>
      </Button>
    </div>
  );
}

/** Date, time, location and artist; TBA placeholders while none are scheduled. */
export function TourDatesSection(props: {
  dates: TourDateView[] | undefined;
  status: "pending" | "error" | "success";
}) {
  return (
    <LandingSection id="tour-dates" labelledBy="tour-dates-heading">
      <SectionHeading id="tour-dates-heading" eyebrow="On the road" title="Artist Tour Dates">
        See our artists live. Tickets and vendor slots open as each show is announced.
      </SectionHeading>
      <CalendarLinks />
      <TourDatesBody {...props} />
    </LandingSection>
  );
}
