import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from "./constants";

export const events = pgTable(
  "events",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    artist: text("artist").notNull(),
    venue: text("venue").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: text("time").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    totalTickets: integer("total_tickets").notNull(),
    availableTickets: integer("available_tickets").notNull(),
    ticketPrice: numeric("ticket_price", { precision: 10, scale: 2 }).notNull(),
    status: text("status").notNull().default("upcoming"),
    /** The most tickets one order may take (docs/product.md, "Event Tickets"). */
    maxPerOrder: integer("max_per_order").notNull().default(DEFAULT_MAX_PER_ORDER),
    /** IANA zone of the venue; null only on rows older than the column (filled at start with DEFAULT_TIME_ZONE). */
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("events_date_idx").on(table.date),
    // Last line of defence against overselling: a purchase that would take stock below
    // zero fails inside PostgreSQL even if two servers race
    // (docs/decisions/005-single-statement-purchase.md).
    check(
      "events_available_tickets_check",
      sql`${table.availableTickets} >= 0 AND ${table.availableTickets} <= ${table.totalTickets}`,
    ),
    check(
      "events_max_per_order_check",
      sql`${table.maxPerOrder} between 1 and ${sql.raw(String(MAX_PER_ORDER_LIMIT))}`,
    ),
  ],
);
