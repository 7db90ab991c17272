import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { events } from "./events.table";
import { ticketPromoCodes } from "./ticket-promo-codes.table";
import type { TicketCancelReason } from "./tickets.values";
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
    // Set together with status "used" only by versions that admitted an order whole at the door.
    // Tickets are now admitted one by one (issuedTickets below); such an order counts as fully
    // used (docs/decisions/030-one-code-per-ticket.md).
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
    // The promo code the order used, as typed on the code's row, and what it took off the order.
    // `promoUses` is how many of its tickets the code discounted: the code's uses are counted
    // from the held and paid orders (docs/decisions/052-ticket-promo-codes-and-waiting-list.md).
    promoCodeId: varchar("promo_code_id").references(() => ticketPromoCodes.id, { onDelete: "restrict" }),
    promoCode: text("promo_code"),
    discountAmount: numeric("discount_amount", { precision: 10, scale: 2 }).notNull().default("0.00"),
    promoUses: integer("promo_uses").notNull().default(0),
  },
  (table) => [
    index("ticket_purchases_user_id_idx").on(table.userId),
    index("ticket_purchases_event_id_idx").on(table.eventId),
    index("ticket_purchases_promo_code_idx")
      .on(table.promoCodeId)
      .where(sql`${table.promoCodeId} is not null`),
    index("ticket_purchases_hold_idx")
      .on(table.holdExpiresAt)
      .where(sql`${table.status} = 'pending'`),
    index("ticket_purchases_refund_due_idx")
      .on(table.cancelledAt)
      .where(sql`${table.status} = 'cancelled' and ${table.paidAt} is not null and ${table.refundId} is null`),
  ],
);

/**
 * The tickets of an order, one row per person it admits ("2 of 3"), as pretix has positions:
 * each has its own QR code and is admitted on its own (docs/decisions/030-one-code-per-ticket.md).
 * Rows are made by the database itself when an order is inserted (the trigger
 * `ticket_purchases_issue_tickets`, migration 0020), whoever inserts it, so an order never
 * lacks its tickets. Nothing issued is deleted by a cascade.
 */
export const issuedTickets = pgTable(
  "issued_tickets",
  {
    orderId: varchar("order_id")
      .notNull()
      .references(() => ticketPurchases.id, { onDelete: "restrict" }),
    /** 1 to the order's quantity. */
    position: integer("position").notNull(),
    // Set by the one conditional update that admits this ticket at the door
    // (docs/decisions/015-check-in.md); the admin who scanned it.
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: varchar("checked_in_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check("issued_tickets_position_check", sql`${table.position} >= 1`),
    // The door's counts read only the tickets already admitted.
    index("issued_tickets_checked_in_idx")
      .on(table.orderId)
      .where(sql`${table.checkedInAt} is not null`),
    index("issued_tickets_checked_in_by_idx")
      .on(table.checkedInBy)
      .where(sql`${table.checkedInBy} is not null`),
  ],
);

/**
 * How many of an order's tickets were admitted at the door. An order an earlier version
 * admitted whole (status "used") counts every ticket (docs/decisions/030-one-code-per-ticket.md);
 * the partial index of admitted tickets serves the count.
 */
export const admittedTicketCount = sql<number>`(case when ${ticketPurchases.status} = 'used' then ${ticketPurchases.quantity}
  else (select count(*) from ${issuedTickets} where ${issuedTickets.orderId} = ${ticketPurchases.id}
    and ${issuedTickets.checkedInAt} is not null) end)::int`;

/** When a ticket was used: its own admission, else its order's if an earlier version admitted the order whole. */
export const ticketUsedAt = sql<Date | null>`coalesce(${issuedTickets.checkedInAt},
  case when ${ticketPurchases.status} = 'used' then ${ticketPurchases.checkedInAt} end)`.mapWith(
  issuedTickets.checkedInAt,
);
