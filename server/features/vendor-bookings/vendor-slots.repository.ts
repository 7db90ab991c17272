import { eq } from "drizzle-orm";
import { VENDOR_SPOT_TYPES } from "@shared/constants";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import type { Executor } from "../../db/database";

/** The vendor slots of each show (shared/vendor-slots.table.ts): what is offered and what is left. */
export function createVendorSlotsRepository(db: Executor, defaultCapacity: number) {
  return {
    /**
     * Availability per spot type, in VENDOR_SPOT_TYPES order. A type with no row offers the
     * default and has nothing taken (rows are written with the show; older shows got theirs
     * from the migration).
     */
    async availability(tourDateId: string): Promise<VendorSlotAvailability[]> {
      const rows = await db
        .select({
          spotType: tourDateVendorSlots.spotType,
          capacity: tourDateVendorSlots.capacity,
          taken: tourDateVendorSlots.taken,
        })
        .from(tourDateVendorSlots)
        .where(eq(tourDateVendorSlots.tourDateId, tourDateId));
      return VENDOR_SPOT_TYPES.map((spotType) => {
        const row = rows.find((r) => r.spotType === spotType);
        const capacity = row?.capacity ?? defaultCapacity;
        const remaining = Math.max(0, capacity - (row?.taken ?? 0));
        return { spotType, capacity, remaining, soldOut: remaining === 0 };
      });
    },
  };
}

export type VendorSlotsRepository = ReturnType<typeof createVendorSlotsRepository>;
