import { ICalCalendarMethod } from "ical-generator";
import { formatDay, formatTime } from "@shared/dates";
import type { ShowSummary } from "@shared/shows";
import { calendarText, venueCalendar, venueTimes } from "../../documents/calendar";
import { showName, showPageUrl } from "./show-text";

/** Shows carry no end time; a timed entry blocks this long (docs/product.md, "Shows"). */
export const SHOW_HOURS = 3;
/** How often a subscribed calendar should fetch the feed again. */
const REFRESH_SECONDS = 60 * 60;
/** Where members buy tickets for a show's linked event. */
const TICKETS_PATH = "/tickets";

function entryDescription(show: ShowSummary, page: string, appUrl: string, timed: boolean): string {
  const when = `${formatDay(show.date, null, "long")}${timed ? `, ${formatTime(show.time.trim(), null)}` : ""} (${show.timeZone})`;
  return [
    when,
    timed ? null : `Time: ${show.time}`,
    show.eventId ? `Tickets: ${appUrl}${TICKETS_PATH}` : null,
    `Show page: ${page}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * Whether the show has a place in a calendar: a "YYYY-MM-DD" date at a known zone. A free-text
 * date ("Summer 2032") has none, so the show is left out of every feed.
 */
export function hasCalendarEntry(show: Pick<ShowSummary, "date" | "time" | "timeZone">): boolean {
  return venueTimes(show.date, show.time, show.timeZone, SHOW_HOURS) !== undefined;
}

/**
 * Shows as iCalendar, one VEVENT each (docs/decisions/018-show-pages.md). A timed show starts
 * at the venue's wall time with its zone (DTSTART;TZID=America/New_York:…), and the calendar
 * carries a VTIMEZONE for each zone used, so every calendar app shows it at the right moment
 * in its own zone. A show without an "HH:MM" time is an all-day entry on its date; one with a
 * free-text date has no place in a calendar and is left out.
 */
export function renderShowsCalendar(shows: ShowSummary[], settings: { appUrl: string; labelName: string }): string {
  const { appUrl, labelName } = settings;
  const host = new URL(appUrl).hostname;
  const calendar = venueCalendar({
    prodId: { company: "label-records", product: "shows" },
    method: ICalCalendarMethod.PUBLISH,
    name: `${labelName} shows`,
    ttl: REFRESH_SECONDS,
  });
  for (const show of shows) {
    const times = venueTimes(show.date, show.time, show.timeZone, SHOW_HOURS);
    if (!times) continue;
    const page = showPageUrl(appUrl, show.id);
    calendar.createEvent({
      // Stable per show: subscribing again or downloading again updates the entry.
      id: `show-${show.id}@${host}`,
      ...times,
      summary: showName(show),
      location: show.location,
      url: page,
      description: entryDescription(show, page, appUrl, !times.allDay),
    });
  }
  return calendarText(calendar);
}
