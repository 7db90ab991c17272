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
