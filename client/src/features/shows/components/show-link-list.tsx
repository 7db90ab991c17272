import { ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { formatDayTime } from "@shared/dates";
import { showPagePath, type ShowSummary } from "@shared/shows";

/** Shows as links: when (at the venue) and where. Also the artist gallery's archive. */
export function ShowLinkList({ shows, withArtist = false }: { shows: readonly ShowSummary[]; withArtist?: boolean }) {
  return (
    <ul className="divide-y rounded-lg border bg-card/90">
      {shows.map((show) => (
        <li key={show.id}>
          <Link
            href={showPagePath(show.id)}
            className="flex items-center gap-3 px-4 py-3 outline-hidden transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-medium break-words">
                {withArtist ? `${show.artistName} · ${show.location}` : show.location}
              </span>
              <span className="text-sm text-muted-foreground">{formatDayTime(show, show.timeZone)}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
