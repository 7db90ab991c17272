import { z } from "zod";
import { VENDOR_SPOT_TYPES, type VendorSpotType } from "./constants";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { tourDatesApi } from "./tour-dates.api";
import { id, requiredText, timeZoneInput } from "./validation";
import { vendorSlotsBatchQuerySchema } from "./vendor-bookings";
import { VENDOR_SLOTS_BATCH_MAX, vendorSlotAvailabilitySchema, vendorSlotsByShowSchema } from "./vendor-slots";
import type { tourDates } from "./tour-dates.table";

/** The most vendor slots of one spot type an administrator may offer for one show. */
export const MAX_VENDOR_SLOTS = 10_000;
const SLOTS_MESSAGE = `Enter a whole number from 0 to ${MAX_VENDOR_SLOTS}`;
/** Slots of one spot type: a number, or null for the VENDOR_SLOTS_PER_TYPE setting. */
const slotCount = z.int({ error: SLOTS_MESSAGE }).min(0, SLOTS_MESSAGE).max(MAX_VENDOR_SLOTS, SLOTS_MESSAGE).nullable();

/** The slots offered per spot type; a type left out (or null) follows the setting. */
export const vendorSlotsInput = z
  .object(
    Object.fromEntries(VENDOR_SPOT_TYPES.map((type) => [type, slotCount.optional()])) as Record<
      VendorSpotType,
      z.ZodOptional<typeof slotCount>
    >,
  )
  .strict();
export type VendorSlotsInput = z.infer<typeof vendorSlotsInput>;

/**
 * POST and PUT /api/tour-dates body: the four spec fields are required text ("Required" when
 * empty). The show fields are optional: on POST a missing time zone is DEFAULT_TIME_ZONE and
 * missing slots follow the setting; on PUT a missing field keeps its current value.
 * Written field by field, not derived from the table, so the client's bundle carries no table
 * code; shared/request-schemas.test.ts checks the fields against the columns.
 */
export const insertTourDateSchema = z.object({
  artistName: requiredText(200),
  date: requiredText(200),
  time: requiredText(200),
  location: requiredText(200),
  timeZone: timeZoneInput.optional(),
  eventId: id.nullable().optional(),
  vendorSlots: vendorSlotsInput.optional(),
});

/** A row of the table, as the server reads it. */
export type TourDateRow = typeof tourDates.$inferSelect;
export type InsertTourDate = z.infer<typeof insertTourDateSchema>;
export type InsertTourDateInput = z.input<typeof insertTourDateSchema>;

const slotSetting = z.int().nullable();

/** Slots per spot type as an administrator set them: null follows the VENDOR_SLOTS_PER_TYPE setting. */
export const vendorSlotSettingsSchema = z.object(
  Object.fromEntries(VENDOR_SPOT_TYPES.map((type) => [type, slotSetting])) as Record<
    VendorSpotType,
    typeof slotSetting
  >,
);
export type VendorSlotSettings = z.output<typeof vendorSlotSettingsSchema>;

/** A tour date as the API answers it: the time zone always filled in; vendorSlots is what the tour-date dialog edits. */
export const tourDateSchema = z
  .object({
    id: z.string(),
    artistName: z.string(),
    /** As entered; the form sends "YYYY-MM-DD". */
    date: z.string(),
    /** As entered; the form sends "HH:MM", the venue's wall-clock time in timeZone. */
    time: z.string(),
    location: z.string(),
    timeZone: z.string(),
    eventId: z.string().nullable(),
    createdAt: instant,
    vendorSlots: vendorSlotSettingsSchema,
  })
  .meta({ id: "TourDate" });

/** A tour date as JSON carries it: what the client receives. */
export type TourDate = z.output<typeof tourDateSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Tour dates" and "Vendor booking". */
export const tourDatesContract = defineContract("tourDates", tourDatesApi, {
  list: {
    summary: "Every tour date, soonest first (date, then time)",
    responses: { 200: z.array(tourDateSchema) },
  },
  create: {
    summary: "Adds a tour date; a missing time zone is the default one, missing slots follow the setting",
    description: "400 when eventId names no event.",
    body: insertTourDateSchema,
    responses: { 201: tourDateSchema },
  },
  update: {
    summary: "Replaces a tour date's fields; a missing show field keeps its current value",
    params: idParams,
    body: insertTourDateSchema,
    responses: { 200: tourDateSchema, ...NOT_FOUND },
  },
  remove: {
    summary: "Deletes a tour date; 409 while it has paid or held vendor bookings",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND, 409: apiErrorSchema },
  },
  vendorSlotsOf: {
    summary: "What is left of each spot type at several shows, by tour date id",
    description: `ids: comma-separated tour date ids, at most ${VENDOR_SLOTS_BATCH_MAX}; unknown ones are absent from the answer. Live, never cached.`,
    query: vendorSlotsBatchQuerySchema,
    responses: { 200: vendorSlotsByShowSchema },
  },
  vendorSlots: {
    summary: "What is left of each spot type at one show",
    description: "Live, never cached.",
    params: idParams,
    responses: { 200: z.array(vendorSlotAvailabilitySchema), ...NOT_FOUND },
  },
});
