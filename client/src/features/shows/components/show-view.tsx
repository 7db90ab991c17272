import { CalendarCheck } from "lucide-react";
import { formatDayTime } from "@shared/dates";
import { showPagePath, type ShowDetail } from "@shared/shows";
import { MoreByArtist } from "./more-by-artist";
import { ShowHeader } from "./show-header";
import { ShowShare } from "./show-share";
import { ShowTickets } from "./show-tickets";
import { ShowVendorSlots } from "./show-vendor-slots";

/** "Nova Reign live at Pier 9 · Sat, Jul 14, 2031 · 8:00 PM EDT": what sharing the show says. */
function shareText(show: ShowDetail): string {
  return `${show.artistName} live at ${show.location} · ${formatDayTime(show, show.timeZone)}`;
}

/**
 * Everything about one show. Upcoming: tickets (when an event is linked), vendor spots, the
 * calendar entry and sharing. Past: said first, then the artist's upcoming shows.
 */
export function ShowView({ show, signedIn }: { show: ShowDetail; signedIn: boolean }) {
  const shared = {
    id: show.id,
    text: shareText(show),
    url: new URL(showPagePath(show.id), window.location.origin).href,
  };
  return (
    <article className="grid gap-8">
      <ShowHeader show={show} />
      {show.past && (
        <p role="note" className="flex items-center gap-2 rounded-lg border bg-muted/60 px-4 py-3 font-medium">
          <CalendarCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
          This show has already happened
        </p>
      )}
      <ShowShare show={shared} calendar={!show.past} />
      {!show.past && (show.tickets || show.vendorSlots.length > 0) && (
        <div className="grid gap-6 lg:grid-cols-2">
          {show.tickets && <ShowTickets tickets={show.tickets} signedIn={signedIn} />}
          {show.vendorSlots.length > 0 && <ShowVendorSlots showId={show.id} slots={show.vendorSlots} />}
        </div>
      )}
      {(show.past || show.moreByArtist.length > 0) && (
        <MoreByArtist artistName={show.artistName} shows={show.moreByArtist} />
      )}
    </article>
  );
}
