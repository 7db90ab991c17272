import { z } from "zod";
import { VENDOR_SPOT_TYPES } from "./constants";

/** One spot type's availability at a show, as the show page and the booking dialog show it. */
export const vendorSlotAvailabilitySchema = z
  .object({
    spotType: z.enum(VENDOR_SPOT_TYPES),
    capacity: z.int(),
    remaining: z.int(),
    soldOut: z.boolean(),
  })
  .meta({ id: "VendorSlotAvailability" });
export type VendorSlotAvailability = z.output<typeof vendorSlotAvailabilitySchema>;

/** 409 when a booking finds no slot left of its type. */
export const VENDOR_SLOT_SOLD_OUT_MESSAGE = "This spot type is sold out for this show. Please choose another.";

/** The most shows one GET /api/tour-dates/vendor-slots?ids= may ask about. */
export const VENDOR_SLOTS_BATCH_MAX = 100;

/** GET /api/tour-dates/vendor-slots?ids=a,b: each listed show's availability, by tour date id. */
export const vendorSlotsByShowSchema = z.record(z.string(), z.array(vendorSlotAvailabilitySchema));
export type VendorSlotsByShow = z.output<typeof vendorSlotsByShowSchema>;
