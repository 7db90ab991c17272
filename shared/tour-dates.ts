import { z } from "zod";
import { VENDOR_SPOT_TYPES, type VendorSpotType } from "./constants";
import { id, requiredText, timeZoneInput } from "./validation";
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

export type TourDate = typeof tourDates.$inferSelect;
export type InsertTourDate = z.infer<typeof insertTourDateSchema>;
export type InsertTourDateInput = z.input<typeof insertTourDateSchema>;

/** Slots per spot type as an administrator set them: null follows the VENDOR_SLOTS_PER_TYPE setting. */
export type VendorSlotSettings = Record<VendorSpotType, number | null>;

/**
 * A tour date as GET /api/tour-dates sends it (JSON has no Date: createdAt is an ISO string).
 * The time zone is always filled in; vendorSlots is what the tour-date dialog edits.
 */
export type TourDateResponse = Omit<TourDate, "createdAt" | "timeZone"> & {
  createdAt: string;
  timeZone: string;
  vendorSlots: VendorSlotSettings;
};
