import { z } from "zod";
import { decimalString, isoDate, optionalText, optionalUrlOrPath, requiredText, timeZoneInput } from "./validation";
import type { events } from "./events.table";

export const EVENT_STATUSES = ["upcoming", "on-sale", "sold-out", "cancelled", "completed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const MAX_EVENT_TICKETS = 1_000_000;

/** Tickets one order may take unless an administrator sets otherwise, and the most they may allow. */
export const DEFAULT_MAX_PER_ORDER = 10;
export const MAX_PER_ORDER_LIMIT = 1000;

function ticketCount() {
  const message = `Enter a whole number from 0 to ${MAX_EVENT_TICKETS}`;
  return z.int({ error: message }).min(0, message).max(MAX_EVENT_TICKETS, message);
}

const MAX_PER_ORDER_MESSAGE = `Enter a whole number from 1 to ${MAX_PER_ORDER_LIMIT}`;

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
  maxPerOrder: z
    .int({ error: MAX_PER_ORDER_MESSAGE })
    .min(1, MAX_PER_ORDER_MESSAGE)
    .max(MAX_PER_ORDER_LIMIT, MAX_PER_ORDER_MESSAGE),
  // Omitted on create means DEFAULT_TIME_ZONE; the service fills it in.
  timeZone: timeZoneInput.optional(),
};

// Written field by field, not derived from the table, so the client's bundle carries no table
// code; shared/request-schemas.test.ts checks the fields against the columns.
//
// availableTickets <= totalTickets is checked by the service and the CHECK constraint, not
// here: zod v4 forbids .partial() on objects carrying refinements.
export const insertEventSchema = z.object({
  ...eventFields,
  status: eventFields.status.default("upcoming"),
  maxPerOrder: eventFields.maxPerOrder.default(DEFAULT_MAX_PER_ORDER),
});

/** PATCH body: any subset, with no defaults filled in for missing fields. */
export const updateEventSchema = z.object(eventFields).partial();

export type Event = typeof events.$inferSelect;
export type InsertEvent = z.infer<typeof insertEventSchema>;
export type InsertEventInput = z.input<typeof insertEventSchema>;
export type UpdateEvent = z.infer<typeof updateEventSchema>;

/** An event as JSON carries it (GET /api/events). */
export type EventResponse = Omit<Event, "createdAt"> & { createdAt: string };
