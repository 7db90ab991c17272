import { eq, inArray } from "drizzle-orm";
import { VENDOR_SPOT_TYPES } from "@shared/constants";
import { tourDates } from "@shared/tour-dates.table";
import type { VendorSlotAvailability, VendorSlotsByShow } from "@shared/vendor-slots";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import type { Executor } from "../../db/database";

type SlotRow = { spotType: string; capacity: number | null; taken: number };

/** The vendor slots of each show (shared/vendor-slots.table.ts): what is offered and what is left. */
export function createVendorSlotsRepository(db: Executor, defaultCapacity: number) {
  /**
   * Availability per spot type, in VENDOR_SPOT_TYPES order. A type with no row offers the
   * default and has nothing taken (rows are written with the show; older shows got theirs
   * from the migration).
   */
  const toAvailability = (rows: SlotRow[]): VendorSlotAvailability[] =>
    VENDOR_SPOT_TYPES.map((spotType) => {
      const row = rows.find((r) => r.spotType === spotType);
      const capacity = row?.capacity ?? defaultCapacity;
      const remaining = Math.max(0, capacity - (row?.taken ?? 0));
      return { spotType, capacity, remaining, soldOut: remaining === 0 };
    });

  return {
    async availability(tourDateId: string): Promise<VendorSlotAvailability[]> {
      const rows = await db
        .select({
          spotType: tourDateVendorSlots.spotType,
          capacity: tourDateVendorSlots.capacity,
          taken: tourDateVendorSlots.taken,
        })
        .from(tourDateVendorSlots)
        .where(eq(tourDateVendorSlots.tourDateId, tourDateId));
      return toAvailability(rows);
    },

    /**
     * The same for several shows in one query (the slots' primary key serves it); ids that
     * name no tour date are left out of the answer.
     */
    async availabilityOf(tourDateIds: string[]): Promise<VendorSlotsByShow> {
      const rows = await db
        .select({
          tourDateId: tourDates.id,
          spotType: tourDateVendorSlots.spotType,
          capacity: tourDateVendorSlots.capacity,
          taken: tourDateVendorSlots.taken,
        })
        .from(tourDates)
        .leftJoin(tourDateVendorSlots, eq(tourDateVendorSlots.tourDateId, tourDates.id))
        .where(inArray(tourDates.id, tourDateIds));
      const byShow = new Map<string, SlotRow[]>();
      for (const { tourDateId, spotType, capacity, taken } of rows) {
        const slots = byShow.get(tourDateId) ?? [];
        if (spotType !== null) slots.push({ spotType, capacity, taken: taken ?? 0 });
        byShow.set(tourDateId, slots);
      }
      return Object.fromEntries([...byShow].map(([id, slots]) => [id, toAvailability(slots)]));
    },
  };
}

export type VendorSlotsRepository = ReturnType<typeof createVendorSlotsRepository>;
