import ical, { ICalCalendarMethod, type ICalEventData } from "ical-generator";
import { parseLocalDate } from "@shared/dates";
import { calendarText, venueCalendar, venueTimes } from "./calendar";
import type { TicketDocument } from "./ticket-document";

/** Events carry no end time; a calendar entry blocks this long (docs/product.md, "My Tickets"). */
export const CALENDAR_EVENT_HOURS = 3;

const PROD_ID = { company: "label-records", product: "tickets" };

/**
 * Floating times (no zone), for a message queued before tickets recorded the venue's zone:
 * the venue's wall time as it was entered, shown as the same wall time wherever the reader is.
 */
function floatingTimes(ticket: TicketDocument): Pick<ICalEventData, "start" | "end" | "allDay" | "floating"> {
  const day = parseLocalDate(ticket.date) ?? new Date();
  const clock = /^(\d{1,2}):(\d{2})$/.exec(ticket.time.trim());
  const timed = !!clock && Number(clock[1]) < 24 && Number(clock[2]) < 60;
  const start = new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    timed ? Number(clock[1]) : 0,
    timed ? Number(clock[2]) : 0,
  );
  const end = timed ? new Date(start.getTime() + CALENDAR_EVENT_HOURS * 3_600_000) : undefined;
  return { start, end, allDay: !timed, floating: true };
}

/**
 * The .ics invitation for a ticket. The event starts at the venue's wall time in the venue's
 * zone (DTSTART;TZID=…, with the zone's VTIMEZONE), like the show feeds, so a buyer in another
 * zone sees it at the right moment. A time that is not HH:MM ("Doors at dusk") makes an
 * all-day entry with the time in its description.
 */
export function renderTicketCalendar(ticket: TicketDocument): string {
  const zoned = ticket.timeZone
    ? venueTimes(ticket.date, ticket.time, ticket.timeZone, CALENDAR_EVENT_HOURS)
    : undefined;
  const calendar = zoned
    ? venueCalendar({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH })
    : ical({ prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH });
  const times = zoned ?? floatingTimes(ticket);
  calendar.createEvent({
    // The order's id keeps the entry unique: downloading it again updates, not duplicates.
    id: `ticket-${ticket.purchaseId}@label-records`,
    ...times,
    summary: `${ticket.eventName} — ${ticket.artist}`,
    location: ticket.venue,
    description: [
      `${ticket.quantity} ticket${ticket.quantity === 1 ? "" : "s"} for ${ticket.holderName}`,
      `Confirmation code: ${ticket.confirmationCode}`,
      times.allDay ? `Time: ${ticket.time}` : null,
    ]
      .filter(Boolean)
      .join("\n"),
  });
  return calendarText(calendar);
}
