import ical, { ICalCalendarMethod } from "ical-generator";
import { parseLocalDate } from "@shared/dates";
import type { TicketDocument } from "./ticket-document";

/** Events carry no end time; a calendar entry blocks this long (docs/product.md, "My Tickets"). */
export const CALENDAR_EVENT_HOURS = 3;

/**
 * The .ics invitation for a ticket. Times are "floating" (no time zone): the event starts at
 * the venue's local time, which is how administrators enter it. A time that is not HH:MM
 * ("Doors at dusk") makes an all-day entry with the time in its description.
 */
export function renderTicketCalendar(ticket: TicketDocument): string {
  const day = parseLocalDate(ticket.date) ?? new Date();
  const clock = /^(\d{1,2}):(\d{2})$/.exec(ticket.time);
  const timed = clock && Number(clock[1]) < 24 && Number(clock[2]) < 60;
  const start = new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    timed ? Number(clock[1]) : 0,
    timed ? Number(clock[2]) : 0,
  );
  const end = timed ? new Date(start.getTime() + CALENDAR_EVENT_HOURS * 3_600_000) : undefined;
  const calendar = ical({
    prodId: { company: "label-records", product: "tickets" },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    // The order's id keeps the entry unique: downloading it again updates, not duplicates.
    id: `ticket-${ticket.purchaseId}@label-records`,
    start,
    end,
    allDay: !timed,
    floating: true,
    summary: `${ticket.eventName} — ${ticket.artist}`,
    location: ticket.venue,
    description: [
      `${ticket.quantity} ticket${ticket.quantity === 1 ? "" : "s"} for ${ticket.holderName}`,
      `Confirmation code: ${ticket.confirmationCode}`,
      timed ? null : `Time: ${ticket.time}`,
    ]
      .filter(Boolean)
      .join("\n"),
  });
  return calendar.toString();
}
