import { z } from "zod";
import { checkInsApi } from "./check-ins.api";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { id } from "./validation";
import { dayInZone } from "./zoned-time";
import type { ticketScans } from "./check-ins.table";
import type { CheckInResult } from "./check-ins.values";
export * from "./check-ins.values";

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
 * A scan: what a ticket's QR code holds (a signed token), or a code as typed (any
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

/** The buyer search: orders whose buyer's e-mail starts with `q`, for a buyer without their code. */
export const checkInSearchSchema = z.object({
  q: z.string({ error: "Required" }).trim().min(1, "Required").max(254),
  eventId: id.optional(),
});
export type CheckInSearch = z.infer<typeof checkInSearchSchema>;

/** The ticket a scan found, as the door reads it, with its order. */
export const scannedTicketSchema = z
  .object({
    /** The order's code. */
    confirmationCode: z.string(),
    /**
     * Which ticket of the order ("2 of 3"): the one admitted or scanned; for a scan of the order's
     * code that admitted none, the one admitted last; null when there is none.
     */
    position: z.int().nullable(),
    /** That ticket's typed code ("ABCDEFGH23-2"); null with position. */
    ticketCode: z.string().nullable(),
    eventId: z.string(),
    eventName: z.string(),
    eventDate: z.string(),
    eventTime: z.string(),
    /** Tickets on the order. */
    quantity: z.int(),
    /** Of them, admitted so far (this one included). */
    checkedIn: z.int(),
    /** The buyer's name, or their e-mail when they gave none. */
    holderName: z.string(),
    /** The order's status. */
    status: z.string(),
  })
  .meta({ id: "ScannedTicket" });
export type ScannedTicket = z.output<typeof scannedTicketSchema>;

const withTicket = <R extends CheckInResult>(result: R) =>
  z.object({ result: z.literal(result), ticket: scannedTicketSchema });

/** What the door is told of a scan: admitted, or why not. */
export const checkInOutcomeSchema = z
  .discriminatedUnion("result", [
    withTicket("admitted"),
    withTicket("already-used").extend({ checkedInAt: instant.nullable(), checkedInBy: z.string().nullable() }),
    withTicket("cancelled"),
    withTicket("wrong-event"),
    /** The ticket stands, but its event has been cancelled (its orders are being cancelled). */
    withTicket("event-cancelled"),
    /** The ticket is for an event on another day than today at its venue. */
    withTicket("wrong-day"),
    z.object({ result: z.literal("unknown") }),
  ])
  .meta({ id: "CheckInOutcome" });
export type CheckInOutcome = z.output<typeof checkInOutcomeSchema>;
/** The same as the server builds it (its time still a Date). */
export type CheckInOutcomeRow = z.input<typeof checkInOutcomeSchema>;

/** An event's door counts: tickets, not orders. */
export const checkInSummarySchema = z
  .object({ eventId: z.string(), soldTickets: z.int(), checkedInTickets: z.int() })
  .meta({ id: "CheckInSummary" });
export type CheckInSummary = z.output<typeof checkInSummarySchema>;

/** An order the buyer search found. */
export const checkInSearchRowSchema = z
  .object({
    confirmationCode: z.string(),
    /** The buyer's name; null when they gave none (the e-mail says who). */
    holderName: z.string().nullable(),
    email: z.string(),
    quantity: z.int(),
    /** Its tickets admitted so far; Admit takes the next one. */
    checkedIn: z.int(),
    status: z.string(),
    eventName: z.string(),
    /** When its last ticket so far was admitted. */
    checkedInAt: instant.nullable(),
  })
  .meta({ id: "CheckInSearchRow" });
export type CheckInSearchRow = z.output<typeof checkInSearchRowSchema>;
/** The same as the server reads it (its time still a Date). */
export type CheckInSearchRowData = z.input<typeof checkInSearchRowSchema>;

/** docs/product.md, "Check-in", and docs/decisions/015-check-in.md. */
export const checkInsContract = defineContract("checkIns", checkInsApi, {
  checkIn: {
    summary: "Admits a ticket (a scanned QR code or a typed code), or says why not",
    description:
      "An order's code admits its next ticket. A refusal is an answer too (200): already used, cancelled, another event, another day, or unknown.",
    body: checkInSchema,
    responses: { 200: checkInOutcomeSchema },
  },
  search: {
    summary: "Orders whose buyer's e-mail starts with the text, for a buyer without their code",
    query: checkInSearchSchema,
    responses: { 200: z.array(checkInSearchRowSchema) },
  },
  summaries: {
    summary: "Every event's door counts",
    responses: { 200: z.array(checkInSummarySchema) },
  },
  summary: {
    summary: "One event's door counts",
    params: idParams,
    responses: { 200: checkInSummarySchema, 404: apiErrorSchema },
  },
});
