import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { events } from "./events.table";
import { ticketPurchases } from "./tickets.table";
import { users } from "./users.table";
import type { CheckInResult } from "./check-ins.values";

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
    /** Which ticket of the order ("2 of 3"), when the scan named or admitted one. */
    ticketPosition: integer("ticket_position"),
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
