import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { z } from "zod";
import { events } from "./events";
import { ticketPurchases } from "./tickets";
import { users } from "./users";
import { id } from "./validation";

export const CHECK_IN_RESULTS = ["admitted", "already-used", "cancelled", "wrong-event", "unknown"] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

/** The scan log keeps what was typed or scanned only this long: enough to recognise it, never a dump. */
export const SCANNED_CODE_LOG_LENGTH = 64;
/** A signed ticket token is ~60 characters; anything much longer is not a ticket. */
export const MAX_CHECK_IN_CODE_LENGTH = 200;
export const CHECK_IN_SEARCH_LIMIT = 20;
/** How often the door's counts are read again while a page shows them. */
export const CHECK_IN_SUMMARY_POLL_MS = 5000;

/**
 * Every scan at the door, whatever its result, written in the same transaction as the
 * admission it may have made (docs/decisions/015-check-in.md). A scan is a record of what
 * happened, so deleting a purchase, event or admin keeps it (the reference becomes null).
 */
export const ticketScans = pgTable(
  "ticket_scans",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Null when the code matched no ticket. */
    purchaseId: varchar("purchase_id").references(() => ticketPurchases.id, { onDelete: "set null" }),
    /** The event chosen at the door, else the ticket's own event. */
    eventId: varchar("event_id").references(() => events.id, { onDelete: "set null" }),
    code: text("code").notNull(),
    result: text("result").$type<CheckInResult>().notNull(),
    scannedBy: varchar("scanned_by").references(() => users.id, { onDelete: "set null" }),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // A ticket's scans and an event's scans, newest first; each also serves its foreign key.
  (table) => [
    index("ticket_scans_purchase_idx").on(table.purchaseId, table.scannedAt),
    index("ticket_scans_event_idx").on(table.eventId, table.scannedAt),
    index("ticket_scans_scanned_by_idx").on(table.scannedBy),
  ],
);

export type TicketScan = typeof ticketScans.$inferSelect;

/**
 * POST /api/check-ins: a confirmation code as typed (any case, with spaces or dashes) or the
 * signed token a ticket's QR code holds; optionally the event the door is for.
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

/** GET /api/check-ins/search: orders whose buyer's e-mail starts with `q`. */
export const checkInSearchSchema = z.object({
  q: z.string({ error: "Required" }).trim().min(1, "Required").max(254),
  eventId: id.optional(),
});
export type CheckInSearch = z.infer<typeof checkInSearchSchema>;

/** The ticket a scan found, as the door reads it. */
export interface ScannedTicket {
  confirmationCode: string;
  eventId: string;
  eventName: string;
  eventDate: string;
  eventTime: string;
  quantity: number;
  /** The buyer's name, or their e-mail when they gave none. */
  holderName: string;
  status: string;
}

export type CheckInResponse =
  | { result: "admitted"; ticket: ScannedTicket }
  | { result: "already-used"; ticket: ScannedTicket; checkedInAt: string | null; checkedInBy: string | null }
  | { result: "cancelled"; ticket: ScannedTicket }
  | { result: "wrong-event"; ticket: ScannedTicket }
  | { result: "unknown" };

/** GET /api/events/{id}/check-in-summary: tickets by quantity, not by order. */
export interface CheckInSummaryResponse {
  eventId: string;
  soldTickets: number;
  checkedInTickets: number;
}

export interface CheckInSearchRow {
  confirmationCode: string;
  holderName: string;
  email: string;
  quantity: number;
  status: string;
  eventName: string;
  checkedInAt: string | null;
}
export type CheckInSearchResponse = CheckInSearchRow[];
