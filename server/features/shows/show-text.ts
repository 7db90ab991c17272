import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { showHeadline } from "@shared/show-headline";
import type { ShowSummary, ShowTickets } from "@shared/shows";
import { showPagePath } from "@shared/shows";

export { showHeadline };

/** "{artist} live at {location}": the calendar entry's summary and the event's name. */
export const showName = (show: ShowSummary) => `${show.artistName} live at ${show.location}`;

/** One sentence for link previews and search results. */
export function showDescription(show: ShowSummary, tickets: ShowTickets | null): string {
  const timed = show.startsAt && /^\d{1,2}:\d{2}$/.test(show.time.trim());
  const when = `${formatDay(show, show.timeZone, "long")}${timed ? ` at ${formatTime(show, show.timeZone, { zoneName: false })}` : ""}`;
  const sale = tickets
    ? tickets.status === "cancelled"
      ? " This show is cancelled."
      : ` Tickets ${formatMoney(tickets.ticketPrice)}.`
    : "";
  return `${showName(show)} on ${when}.${sale}`;
}

/** A link made absolute against APP_URL: a path as is, an http(s) address unchanged, anything else dropped. */
export function absoluteUrl(appUrl: string, link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  if (link.startsWith("/") && !link.startsWith("//")) return `${appUrl}${link}`;
  return /^https?:\/\//i.test(link) ? link : undefined;
}

export const showPageUrl = (appUrl: string, id: string) => `${appUrl}${showPagePath(id)}`;
