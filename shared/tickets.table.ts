import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { events } from "./events.table";
import type { TicketCancelReason } from "./tickets";
import { users } from "./users.table";

export const ticketPurchases = pgTable(
  "ticket_purchases",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: varchar("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "restrict" }),
    // Restrict, not cascade: a paid or issued ticket outlives any attempt to delete its event
    // or buyer (the delete answers 409 and says to cancel instead).
    userId: varchar("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    totalAmount: numeric("total_amount", { precision: 10, scale: 2 }).notNull(),
    status: text("status").notNull().default("confirmed"),
    purchaseDate: timestamp("purchase_date", { withTimezone: true }).defaultNow(),
    confirmationCode: text("confirmation_code").notNull().unique(),
    // Set together with status "used" by the one conditional update that admits a ticket at
    // the door (docs/decisions/015-check-in.md); the admin who scanned it.
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: varchar("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    /** A pending order gives its tickets back after this (the checkout-holds-release job). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    paymentIntentId: text("payment_intent_id").unique(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason").$type<TicketCancelReason>(),
    /** Stripe's refund, once asked for; a cancelled paid order without one is still owed. */
    refundId: text("refund_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    index("ticket_purchases_user_id_idx").on(table.userId),
    index("ticket_purchases_event_id_idx").on(table.eventId),
    index("ticket_purchases_hold_idx")
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending'`),
    index("ticket_purchases_refund_due_idx")
      .on(table.cancelledAt)
      .where(sql`${table.status} = 'cancelled' and ${table.paidAt} is not null and ${table.refundId} is null`),
  ],
);
