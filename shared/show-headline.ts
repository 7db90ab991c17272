// A show's headline, the same words in the server's page title, link previews and feeds and in
// the browser's tab title once the page is running.
import { formatDay } from "./dates";
import type { ShowSummary } from "./shows";

/**
 * "{artist} — {Mon D, YYYY} at {location}": the day is the venue's calendar day as entered, so
 * neither the server's nor the reader's zone moves it; a free-text date is shown as entered.
 */
export function showHeadline(show: Pick<ShowSummary, "artistName" | "date" | "location">): string {
  return `${show.artistName} — ${formatDay(show.date, null, "short")} at ${show.location}`;
}
