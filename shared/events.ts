import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { eventsApi } from "./events.api";
import { decimalString, isoDate, optionalText, optionalUrlOrPath, requiredText, timeZoneInput } from "./validation";
import type { events } from "./events.table";
import { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from "./constants";
export { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from "./constants";

export const EVENT_STATUSES = ["upcoming", "on-sale", "sold-out", "cancelled", "completed"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const MAX_EVENT_TICKETS = 1_000_000;

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

/** An event as the API answers it. */
export const eventSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    artist: z.string(),
    venue: z.string(),
    /** The venue's calendar day, "YYYY-MM-DD". */
    date: z.string(),
    /** Display text such as "8:00 PM". */
    time: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    totalTickets: z.int(),
    availableTickets: z.int(),
    /** A decimal string, "25.00". */
    ticketPrice: z.string(),
    /** One of EVENT_STATUSES. */
    status: z.string(),
    maxPerOrder: z.int(),
    /** The venue's IANA zone; null only on rows older than the column. */
    timeZone: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: "Event" });

/** An event as JSON carries it: what the client receives. */
export type Event = z.output<typeof eventSchema>;
/** A row of the table, as the server reads it. */
export type EventRow = typeof events.$inferSelect;
export type InsertEvent = z.infer<typeof insertEventSchema>;
export type InsertEventInput = z.input<typeof insertEventSchema>;
export type UpdateEvent = z.infer<typeof updateEventSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Event Tickets" and "API". */
export const eventsContract = defineContract("events", eventsApi, {
  list: {
    summary: "Every event: upcoming first, then past, completed and cancelled",
    description: "An event moves among the past ones when its day ends at its venue.",
    responses: { 200: z.array(eventSchema) },
  },
  create: {
    summary: "Adds an event; its available tickets start at the total unless given",
    body: insertEventSchema,
    responses: { 201: eventSchema },
  },
  update: {
    summary: "Changes the fields sent; a new total moves the available tickets with it",
    description: "409 when the tickets sold or held leave no room for the stock asked for.",
    params: idParams,
    body: updateEventSchema,
    responses: { 200: eventSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  remove: {
    summary: "Deletes an event without ticket orders",
    description: "409 while the event has ticket orders: cancel it instead.",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND, 409: apiErrorSchema },
  },
});
