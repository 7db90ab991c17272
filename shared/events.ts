import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createInsertSchema } from "drizzle-zod";
import { z } from "zod";
import { decimalString, isoDate, optionalText, optionalUrlOrPath, requiredText } from "./validation";

export const EVENT_STATUSES = ["upcoming", "on-sale", "sold-out", "cancelled", "completed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const MAX_EVENT_TICKETS = 1_000_000;

export const events = pgTable(
  "events",
  {
    id: varchar("id").primaryKey().default(sql`gen_random_uuid()`),
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
    createdAt: timestamp("created_at").defaultNow().notNull(),
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
  ],
);

function ticketCount() {
  const message = `Enter a whole number from 0 to ${MAX_EVENT_TICKETS}`;
  return z.int({ error: message }).min(0, message).max(MAX_EVENT_TICKETS, message);
}

const eventFields = {
  name: requiredText(200),
  artist: requiredText(200),
  venue: requiredText(200),
  date: isoDate,
  time: requiredText(50),
  description: optionalText(2000),
  imageUrl: optionalUrlOrPath,
  totalTickets: ticketCount(),
  // Omitted on create means "all tickets available"; the service fills it in.
  availableTickets: ticketCount().optional(),
  ticketPrice: decimalString(),
  status: z.enum(EVENT_STATUSES),
};

// availableTickets <= totalTickets is checked by the service and the CHECK constraint, not
// here: zod v4 forbids .omit()/.partial() on objects carrying refinements.
export const insertEventSchema = createInsertSchema(events, {
  ...eventFields,
  status: eventFields.status.default("upcoming"),
}).omit({ id: true, createdAt: true });

/** PATCH body: any subset, with no defaults filled in for missing fields. */
export const updateEventSchema = createInsertSchema(events, eventFields)
  .omit({ id: true, createdAt: true })
  .partial();

export type Event = typeof events.$inferSelect;
export type InsertEvent = z.infer<typeof insertEventSchema>;
export type InsertEventInput = z.input<typeof insertEventSchema>;
export type UpdateEvent = z.infer<typeof updateEventSchema>;

/** An event as JSON carries it (GET /api/events). */
export type EventResponse = Omit<Event, "createdAt"> & { createdAt: string };

// Display helpers live in ./dates (no database code), re-exported for existing callers.
export { formatEventDate, formatEventTime } from "./dates";
