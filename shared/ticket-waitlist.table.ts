import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { events } from "./events.table";
import { ticketPurchases } from "./tickets.table";
import { users } from "./users.table";

/**
 * A sold-out event's waiting list (docs/decisions/052-ticket-promo-codes-and-waiting-list.md).
 * Statuses: waiting, offered, bought, expired, removed. An offered entry holds `heldTickets`
 * taken from the event's stock until `offerExpiresAt`; the public keeps seeing sold out.
 */
export const ticketWaitlistEntries = pgTable(
  "ticket_waitlist_entries",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: varchar("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The address lower-cased without its +tag: one waiting entry per person and event. */
    emailKey: text("email_key").notNull(),
    name: text("name"),
    quantity: integer("quantity").notNull(),
    userId: varchar("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The secret of the e-mailed links (remove, and buy while offered). */
    token: text("token").notNull().unique(),
    status: text("status").notNull().default("waiting"),
    heldTickets: integer("held_tickets").notNull().default(0),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    orderId: varchar("order_id").references(() => ticketPurchases.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("ticket_waitlist_entries_person_unique")
      .on(table.eventId, table.emailKey)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index("ticket_waitlist_entries_event_idx").on(table.eventId, table.createdAt),
    index("ticket_waitlist_entries_offer_idx")
      .on(table.offerExpiresAt)
      .where(sql`${table.status} = 'offered'`),
    check("ticket_waitlist_entries_quantity_check", sql`${table.quantity} >= 1`),
    check("ticket_waitlist_entries_held_check", sql`${table.heldTickets} >= 0`),
  ],
);
