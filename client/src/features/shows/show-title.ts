import { useEffect } from "react";
import type { ShowSummary } from "@shared/shows";
import { SITE_NAME } from "@/lib/document-title";

// From the date's own parts, in UTC, so the reader's zone never moves the day.
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2031-07-14" → "Jul 14, 2031"; free text unchanged. */
function titleDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return date;
  return shortDay.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** "{artist} — {Mon D, YYYY} at {location}": the page title's start (docs/product.md, "Shows"). */
export const showTitleHeadline = (show: Pick<ShowSummary, "artistName" | "date" | "location">) =>
  `${show.artistName} — ${titleDay(show.date)} at ${show.location}`;

/**
 * The tab's title on a show's page: "{headline} | {label name}". The server writes it into the
 * HTML with the label's own name, which this page does not know; a title already starting with
 * the headline is the server's and is kept. Restores the previous title on leave.
 */
export function useShowDocumentTitle(show: ShowSummary | undefined, fallback: string) {
  const headline = show ? showTitleHeadline(show) : null;
  useEffect(() => {
    const previous = document.title;
    if (!headline) document.title = `${fallback} — ${SITE_NAME}`;
    else if (!previous.startsWith(`${headline} | `)) document.title = `${headline} | ${SITE_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [headline, fallback]);
}
