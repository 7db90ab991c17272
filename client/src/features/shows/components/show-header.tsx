import { CalendarDays, ExternalLink, MapPin } from "lucide-react";
import { formatDayTime } from "@shared/dates";
import type { ShowSummary } from "@shared/shows";

/** Where the map link searches: the location as entered (a venue and city). */
export function mapSearchUrl(location: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(location)}`;
}

/** The show's name (the artist), when at the venue's clock and where, with a map link. */
export function ShowHeader({ show }: { show: ShowSummary }) {
  const when = formatDayTime(show, show.timeZone);
  return (
    <header className="grid gap-4">
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-primary">
        {show.past ? "Past show" : "Live show"}
      </p>
      <h1 className="font-display text-4xl font-bold tracking-tight text-balance break-words sm:text-5xl">
        {show.artistName}
      </h1>
      <div className="grid gap-2 text-base sm:text-lg">
        <p className="flex items-start gap-2">
          <CalendarDays aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span>
            <span className="sr-only">When: </span>
            {show.startsAt ? <time dateTime={show.startsAt}>{when}</time> : when}
          </span>
        </p>
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
          <span className="min-w-0 break-words">
            <span className="sr-only">Where: </span>
            {show.location}{" "}
            <a
              href={mapSearchUrl(show.location)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Open map
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </span>
        </p>
      </div>
    </header>
  );
}
