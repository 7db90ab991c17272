import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod } from "ical-generator";
import { formatEventDate, formatEventTime } from "@shared/dates";
import type { ShowSummary } from "@shared/shows";
import { zonedStart } from "@shared/zoned-time";
import { showName, showPageUrl } from "./show-text";

/** Shows carry no end time; a timed entry blocks this long (docs/product.md, "Shows"). */
export const SHOW_HOURS = 3;
/** How often a subscribed calendar should fetch the feed again. */
const REFRESH_SECONDS = 60 * 60;
/** Where members buy tickets for a show's linked event. */
const TICKETS_PATH = "/tickets";

function entryDescription(show: ShowSummary, page: string, appUrl: string, timed: boolean): string {
  const when = `${formatEventDate(show.date)}${timed ? `, ${formatEventTime(show.time.trim())}` : ""} (${show.timeZone})`;
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
 * The show's wall-clock start as a Date whose local fields are the venue's date and time:
 * with an event's time zone set, ical-generator writes a native Date's local fields after the
 * TZID (docs/decisions/018-show-pages.md).
 */
function wallClock(date: string, time: string): Date {
  const [year, month, day] = date.trim().split("-").map(Number);
  const [hours, minutes] = time.trim().split(":").map(Number);
  return new Date(year, month - 1, day, hours, minutes);
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
  const calendar = ical({
    prodId: { company: "label-records", product: "shows" },
    method: ICalCalendarMethod.PUBLISH,
    name: `${labelName} shows`,
    ttl: REFRESH_SECONDS,
    // VTIMEZONE blocks for the zones the entries name, from the IANA rules.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const show of shows) {
    const start = zonedStart(show.date, show.time, show.timeZone);
    if (!start) continue;
    const page = showPageUrl(appUrl, show.id);
    const day = show.date.trim();
    calendar.createEvent({
      // Stable per show: subscribing again or downloading again updates the entry.
      id: `show-${show.id}@${host}`,
      start: start.timed ? wallClock(day, show.time) : new Date(`${day}T00:00:00Z`),
      end: start.timed ? new Date(wallClock(day, show.time).getTime() + SHOW_HOURS * 3_600_000) : undefined,
      timezone: start.timed ? show.timeZone : undefined,
      allDay: !start.timed,
      summary: showName(show),
      location: show.location,
      url: page,
      description: entryDescription(show, page, appUrl, start.timed),
    });
  }
  return calendar.toString();
}
