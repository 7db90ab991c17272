// Demonstration entity: the bookings page sends nothing yet (docs/product.md, "Demonstration
// pages"); the table is kept so the data model already holds bookings when it goes live.
import { sql } from "drizzle-orm";
import { date, index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users.table";

export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_EVENT_TYPES = ["concert", "private", "corporate", "festival"] as const;

export const bookings = pgTable(
  "bookings",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: varchar("user_id").references(() => users.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    // The form offers fixed act keys (luna, vortex, coastal, city), not rows of a table.
    artistId: text("artist_id"),
    date: date("date", { mode: "string" }),
    timeSlot: text("time_slot"),
    guests: integer("guests"),
    duration: integer("duration"),
    venue: text("venue"),
    requirements: text("requirements"),
    amount: numeric("amount", { precision: 10, scale: 2 }),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("bookings_user_id_idx").on(table.userId)],
);

export type Booking = typeof bookings.$inferSelect;
