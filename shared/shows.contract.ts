// The shows' answers as schemas, apart from shared/shows.ts so that the pages showing shows,
// which import its paths, load no schema code; its types come from here (erased imports).
import { z } from "zod";
import { apiErrorSchema, defineContract } from "./contract";
import { showsApi } from "./shows.api";
import { vendorSlotAvailabilitySchema } from "./vendor-slots";

/** A show in the lists: upcoming (soonest first) and the archive (latest first). */
export const showSummarySchema = z
  .object({
    id: z.string(),
    artistName: z.string(),
    /** As entered: "YYYY-MM-DD" and "HH:MM" at the venue (older rows may hold free text). */
    date: z.string(),
    time: z.string(),
    location: z.string(),
    /** IANA zone of the venue. */
    timeZone: z.string(),
    /** The start with the venue's offset ("2031-03-14T20:00:00-04:00"); null for a free-text date. */
    startsAt: z.string().nullable(),
    /** The day has ended at the venue. */
    past: z.boolean(),
    /** The event whose tickets the show sells, if any. */
    eventId: z.string().nullable(),
  })
  .meta({ id: "ShowSummary" });

/** The linked event's ticket facts, for the show page's ticket link and the JSON-LD offer. */
export const showTicketsSchema = z
  .object({
    eventId: z.string(),
    eventName: z.string(),
    /** Decimal string, e.g. "25.00". */
    ticketPrice: z.string(),
    availableTickets: z.int(),
    /** The event's status (upcoming, on-sale, sold-out, cancelled, completed). */
    status: z.string(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: "ShowTickets" });

/** Everything the show page shows. */
export const showDetailSchema = showSummarySchema
  .extend({
    tickets: showTicketsSchema.nullable(),
    /** Per spot type, in the order standard, premium, deluxe. Empty for a past show. */
    vendorSlots: z.array(vendorSlotAvailabilitySchema),
    /** The same artist's upcoming shows, other than this one (soonest first, at most 5). */
    moreByArtist: z.array(showSummarySchema),
  })
  .meta({ id: "ShowDetail" });

export type ShowSummary = z.output<typeof showSummarySchema>;
export type ShowTickets = z.output<typeof showTicketsSchema>;
export type ShowDetail = z.output<typeof showDetailSchema>;

/** docs/product.md, "Shows". */
export const showsContract = defineContract("shows", showsApi, {
  upcoming: {
    summary: "Upcoming shows, soonest first",
    responses: { 200: z.array(showSummarySchema) },
  },
  past: {
    summary: "Past shows, latest first (the archive)",
    responses: { 200: z.array(showSummarySchema) },
  },
  detail: {
    summary: "One show's page; 404 Show not found for an id that names no show",
    description: "The id may be spelt in any case.",
    responses: { 200: showDetailSchema, 404: apiErrorSchema },
  },
});
