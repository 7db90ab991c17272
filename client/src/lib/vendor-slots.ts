import type { VendorSlotAvailability } from "@shared/vendor-slots";

/** "3 left" or "Sold out": one spot type's availability, the same on the show page and in the booking dialog. */
export function slotRemainingText(slot: Pick<VendorSlotAvailability, "remaining" | "soldOut">): string {
  return slot.soldOut || slot.remaining <= 0 ? "Sold out" : `${slot.remaining} left`;
}
