import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { events } from "./events.table";

/**
 * An event's promo codes (docs/decisions/052-ticket-promo-codes-and-waiting-list.md). A code is
 * typed in any case: it is unique per event ignoring case. Exactly one of a percentage or an
 * amount off per ticket. Its uses are not counted here but from the orders that hold or paid
 * them (ticket_purchases.promo_uses), so an order released, cancelled or refunded gives its uses
 * back without anyone decrementing a counter.
 */
export const ticketPromoCodes = pgTable(
  "ticket_promo_codes",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    // Cascade is safe: an order that used a code restricts the code's deletion, and an event
    // with orders cannot be deleted at all.
    eventId: varchar("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    percentOff: numeric("percent_off", { precision: 5, scale: 2 }),
    amountOff: numeric("amount_off", { precision: 10, scale: 2 }),
    /** Tickets it may discount in all; null: no limit. */
    maxUses: integer("max_uses"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("ticket_promo_codes_event_code_unique").on(table.eventId, sql`lower(${table.code})`),
    index("ticket_promo_codes_code_idx").on(sql`lower(${table.code})`),
    check(
      "ticket_promo_codes_discount_check",
      sql`(${table.percentOff} is null) <> (${table.amountOff} is null) and (${table.percentOff} is null or (${table.percentOff} > 0 and ${table.percentOff} <= 100)) and (${table.amountOff} is null or ${table.amountOff} >= 0.01)`,
    ),
    check("ticket_promo_codes_max_uses_check", sql`${table.maxUses} is null or ${table.maxUses} >= 1`),
    check(
      "ticket_promo_codes_window_check",
      sql`${table.startsAt} is null or ${table.endsAt} is null or ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);
