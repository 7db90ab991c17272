import { and, asc, count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { VENDOR_SPOT_TYPES } from "@shared/constants";
import { events } from "@shared/events.table";
import type { TourDateRow, VendorSlotSettings, VendorSlotsInput } from "@shared/tour-dates";
import { tourDates } from "@shared/tour-dates.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import type { Database, Transaction } from "../../db/database";

/** The columns of a tour date an administrator writes (everything but the id and createdAt). */
export type TourDateFields = Omit<typeof tourDates.$inferInsert, "id" | "createdAt">;

export interface TourDateWithSlots {
  tourDate: TourDateRow;
  vendorSlots: VendorSlotSettings;
}

/** Capacities as stored (a type without a row, or with null, follows the setting). */
function slotSettings(capacities: Record<string, number | null> | null | undefined): VendorSlotSettings {
  return Object.fromEntries(VENDOR_SPOT_TYPES.map((type) => [type, capacities?.[type] ?? null])) as VendorSlotSettings;
}

export function createTourDatesRepository(db: Database) {
  /** The capacities of one tour date, per spot type. */
  async function slotsOf(tourDateId: string, tx: Transaction): Promise<VendorSlotSettings> {
    const rows = await tx
      .select({ spotType: tourDateVendorSlots.spotType, capacity: tourDateVendorSlots.capacity })
      .from(tourDateVendorSlots)
      .where(eq(tourDateVendorSlots.tourDateId, tourDateId));
    return slotSettings(Object.fromEntries(rows.map((row) => [row.spotType, row.capacity])));
  }

  /** Writes the capacities given (null: the setting); types left out keep their row as it is. */
  async function writeSlots(tourDateId: string, slots: VendorSlotsInput, tx: Transaction): Promise<void> {
    const rows = VENDOR_SPOT_TYPES.filter((type) => slots[type] !== undefined).map((spotType) => ({
      tourDateId,
      spotType,
      capacity: slots[spotType] ?? null,
    }));
    if (rows.length === 0) return;
    await tx
      .insert(tourDateVendorSlots)
      .values(rows)
      .onConflictDoUpdate({
        target: [tourDateVendorSlots.tourDateId, tourDateVendorSlots.spotType],
        set: { capacity: sql`excluded.capacity` },
      });
  }

  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Soonest first ("YYYY-MM-DD" and "HH:MM" texts sort like the dates they hold), each with
     * its slot capacities, in one query.
     */
    async list(): Promise<TourDateWithSlots[]> {
      const capacities = sql<Record<
        string,
        number | null
      > | null>`json_object_agg(${tourDateVendorSlots.spotType}, ${tourDateVendorSlots.capacity}) filter (where ${tourDateVendorSlots.spotType} is not null)`;
      const rows = await db
        .select({ tourDate: getTableColumns(tourDates), capacities })
        .from(tourDates)
        .leftJoin(tourDateVendorSlots, eq(tourDateVendorSlots.tourDateId, tourDates.id))
        .groupBy(tourDates.id)
        .orderBy(asc(tourDates.date), asc(tourDates.time), asc(tourDates.createdAt));
      return rows.map((row) => ({ tourDate: row.tourDate, vendorSlots: slotSettings(row.capacities) }));
    },

    /**
     * Whether the event exists, its row share-locked until the transaction ends so it cannot
     * be deleted before the tour date referring to it commits.
     */
    async lockEvent(eventId: string, tx: Transaction): Promise<boolean> {
      const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for("key share");
      return Boolean(row);
    },

    /** The tour date and its three slot rows (capacities given, or null for the setting). */
    async create(values: TourDateFields, slots: VendorSlotsInput, tx: Transaction): Promise<TourDateWithSlots> {
      const [tourDate] = await tx.insert(tourDates).values(values).returning();
      const all = Object.fromEntries(VENDOR_SPOT_TYPES.map((type) => [type, slots[type] ?? null]));
      await writeSlots(tourDate.id, all, tx);
      return { tourDate, vendorSlots: await slotsOf(tourDate.id, tx) };
    },

    /**
     * Always writes the tour date's row, so its change notification (docs/decisions/017) also
     * announces new capacities to the other instances' caches of the list.
     */
    async update(
      id: string,
      values: TourDateFields,
      slots: VendorSlotsInput | undefined,
      tx: Transaction,
    ): Promise<TourDateWithSlots | undefined> {
      const [tourDate] = await tx.update(tourDates).set(values).where(eq(tourDates.id, id)).returning();
      if (!tourDate) return undefined;
      if (slots) await writeSlots(id, slots, tx);
      return { tourDate, vendorSlots: await slotsOf(id, tx) };
    },

    /** The tour date, row-locked against bookings being started for it (they share-lock it). */
    async lock(id: string, tx: Transaction): Promise<boolean> {
      const [row] = await tx.select({ id: tourDates.id }).from(tourDates).where(eq(tourDates.id, id)).for("update");
      return Boolean(row);
    },

    /** Paid bookings and unpaid ones still holding a slot. */
    async countStandingBookings(id: string, tx: Transaction): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(vendorBookings)
        .where(and(eq(vendorBookings.tourDateId, id), inArray(vendorBookings.paymentStatus, ["paid", "pending"])));
      return row.n;
    },

    /**
     * Its slot rows go with it (ON DELETE CASCADE); the bookings left (expired, failed,
     * cancelled, refunded) are kept as records, their tour date set to null.
     */
    async remove(id: string, tx: Transaction): Promise<void> {
      await tx.delete(tourDates).where(eq(tourDates.id, id));
    },
  };
}

export type TourDatesRepository = ReturnType<typeof createTourDatesRepository>;
