import { formatEventDate, formatEventTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { ShowSummary, ShowTickets } from "@shared/shows";
import { showPagePath } from "@shared/shows";

// Formatted in UTC from the date's own parts, so the server's zone never moves the day.
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2031-07-14" → "Jul 14, 2031"; free text unchanged. */
export function formatShowDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return date;
  return shortDay.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** "{artist} — {Mon D, YYYY} at {location}" (the page title before the label's name). */
export const showHeadline = (show: ShowSummary) =>
  `${show.artistName} — ${formatShowDay(show.date)} at ${show.location}`;

/** "{artist} live at {location}": the calendar entry's summary and the event's name. */
export const showName = (show: ShowSummary) => `${show.artistName} live at ${show.location}`;

/** One sentence for link previews and search results. */
export function showDescription(show: ShowSummary, tickets: ShowTickets | null): string {
  const when = `${formatEventDate(show.date)}${show.startsAt && /^\d{1,2}:\d{2}$/.test(show.time.trim()) ? ` at ${formatEventTime(show.time.trim())}` : ""}`;
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
