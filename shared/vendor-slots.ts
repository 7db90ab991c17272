import type { VendorSpotType } from "./constants";

/** One spot type's availability at a show, as the show page and the booking dialog show it. */
export interface VendorSlotAvailability {
  spotType: VendorSpotType;
  capacity: number;
  remaining: number;
  soldOut: boolean;
}

/** 409 when a booking finds no slot left of its type. */
export const VENDOR_SLOT_SOLD_OUT_MESSAGE = "This spot type is sold out for this show. Please choose another.";

/** The most shows one GET /api/tour-dates/vendor-slots?ids= may ask about. */
export const VENDOR_SLOTS_BATCH_MAX = 100;

/** GET /api/tour-dates/vendor-slots?ids=a,b: each listed show's availability, by tour date id. */
export type VendorSlotsByShow = Record<string, VendorSlotAvailability[]>;
