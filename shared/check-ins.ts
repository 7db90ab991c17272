import { z } from "zod";
import { id } from "./validation";
import { dayInZone } from "./zoned-time";
import type { ticketScans } from "./check-ins.table";

export const CHECK_IN_RESULTS = [
  "admitted",
  "already-used",
  "cancelled",
  "wrong-event",
  "event-cancelled",
  "wrong-day",
  "unknown",
] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/**
 * The door admits a ticket on its event's day at the venue, and for this many hours after that
 * day ends, so a show running past midnight still lets its late arrivals in.
 */
export const DOOR_LATE_HOURS = 6;

/**
 * The venue's calendar days ("YYYY-MM-DD") whose events the door admits at `now`: today in
 * `timeZone`, and yesterday during the first DOOR_LATE_HOURS hours. The server decides the
 * same in SQL (the check-ins repository); the check-in page lists these days' events.
 */
export function doorDays(timeZone: string, now = new Date()): string[] {
  const today = dayInZone(now, timeZone);
  const late = dayInZone(new Date(now.getTime() - DOOR_LATE_HOURS * 60 * 60 * 1000), timeZone);
  return late === today ? [today] : [today, late];
}

/** The scan log keeps what was typed or scanned only this long: enough to recognise it, never a dump. */
export const SCANNED_CODE_LOG_LENGTH = 64;
/** A signed ticket token is ~60 characters; anything much longer is not a ticket. */
export const MAX_CHECK_IN_CODE_LENGTH = 200;
export const CHECK_IN_SEARCH_LIMIT = 20;
/** How often the door's counts are read again while a page shows them. */
export const CHECK_IN_SUMMARY_POLL_MS = 5000;

export type TicketScan = typeof ticketScans.$inferSelect;

/**
 * POST /api/check-ins: what a ticket's QR code holds (a signed token), or a code as typed (any
 * case, with spaces or dashes): a ticket's ("ABCDEFGH23-2") or its order's ("ABCDEFGH23", which
 * admits the order's next ticket); optionally the event the door is for.
 */
export const checkInSchema = z.object({
  code: z
    .string({ error: "Enter a confirmation code or scan a ticket" })
    .trim()
    .min(1, "Enter a confirmation code or scan a ticket")
    .max(MAX_CHECK_IN_CODE_LENGTH, "This is not a ticket code"),
  eventId: id.optional(),
});
export type CheckInRequest = z.infer<typeof checkInSchema>;

/** GET /api/check-ins/search: orders whose buyer's e-mail starts with `q`, for a buyer without their code. */
export const checkInSearchSchema = z.object({
  q: z.string({ error: "Required" }).trim().min(1, "Required").max(254),
  eventId: id.optional(),
});
export type CheckInSearch = z.infer<typeof checkInSearchSchema>;

/** The ticket a scan found, as the door reads it, with its order. */
export interface ScannedTicket {
  /** The order's code. */
  confirmationCode: string;
  /**
   * Which ticket of the order ("2 of 3"): the one admitted or scanned; for a scan of the order's
   * code that admitted none, the one admitted last; null when there is none.
   */
  position: number | null;
  /** That ticket's typed code ("ABCDEFGH23-2"); null with position. */
  ticketCode: string | null;
  eventId: string;
  eventName: string;
  eventDate: string;
  eventTime: string;
  /** Tickets on the order. */
  quantity: number;
  /** Of them, admitted so far (this one included). */
  checkedIn: number;
  /** The buyer's name, or their e-mail when they gave none. */
  holderName: string;
  /** The order's status. */
  status: string;
}

export type CheckInResponse =
  | { result: "admitted"; ticket: ScannedTicket }
  | { result: "already-used"; ticket: ScannedTicket; checkedInAt: string | null; checkedInBy: string | null }
  | { result: "cancelled"; ticket: ScannedTicket }
  | { result: "wrong-event"; ticket: ScannedTicket }
  /** The ticket stands, but its event has been cancelled (its orders are being cancelled). */
  | { result: "event-cancelled"; ticket: ScannedTicket }
  /** The ticket is for an event on another day than today at its venue. */
  | { result: "wrong-day"; ticket: ScannedTicket }
  | { result: "unknown" };

/** GET /api/events/{id}/check-in-summary: tickets, not orders. */
export interface CheckInSummaryResponse {
  eventId: string;
  soldTickets: number;
  checkedInTickets: number;
}

export interface CheckInSearchRow {
  confirmationCode: string;
  /** The buyer's name; null when they gave none (the e-mail says who). */
  holderName: string | null;
  email: string;
  quantity: number;
  /** Its tickets admitted so far; Admit takes the next one. */
  checkedIn: number;
  status: string;
  eventName: string;
  /** When its last ticket so far was admitted. */
  checkedInAt: string | null;
}
export type CheckInSearchResponse = CheckInSearchRow[];
