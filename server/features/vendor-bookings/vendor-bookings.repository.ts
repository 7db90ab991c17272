import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { tourDates } from "@shared/tour-dates.table";
import type { VendorBookingRow, VendorBookingWithTourDate } from "@shared/vendor-bookings";
import { vendorBookings } from "@shared/vendor-bookings.table";
import type { Database, Executor, Transaction } from "../../db/database";
import { venueToday } from "../../lib/venue-day";
import { createVendorSlotsRepository } from "./vendor-slots.repository";

// The address a booking was started from only serves the unpaid-hold limit; lists leave it out.
const { clientAddress: _clientAddress, ...listedColumns } = getTableColumns(vendorBookings);

const tourDateColumns = {
  id: tourDates.id,
  artistName: tourDates.artistName,
  date: tourDates.date,
  time: tourDates.time,
  location: tourDates.location,
};

/**
 * Vendor bookings and the show each one is for. What takes or gives back a slot is in
 * vendor-slot-holds.repository.ts; a status change here that ends a hold is paired with its
 * slot's release in the caller's transaction (docs/decisions/019-vendor-slots.md).
 */
export function createVendorBookingsRepository(db: Database, defaultSlotsPerType: number, defaultTimeZone = "UTC") {
  const slots = createVendorSlotsRepository(db, defaultSlotsPerType);

  return {
    availability: slots.availability,
    availabilityOf: slots.availabilityOf,

    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async tourDateExists(tourDateId: string): Promise<boolean> {
      const [row] = await db.select({ id: tourDates.id }).from(tourDates).where(eq(tourDates.id, tourDateId));
      return Boolean(row);
    },

    /**
     * The tour date, its row share-locked until the transaction ends: deleting it (which locks
     * it FOR UPDATE) waits for a booking being started, and a booking waits for a delete, so a
     * delete never misses a booking (docs/decisions/019-vendor-slots.md, "Delete").
     */
    async lockTourDate(
      tourDateId: string,
      tx: Transaction,
    ): Promise<{ artistName: string; isPast: boolean } | undefined> {
      const [row] = await tx
        .select({
          artistName: tourDates.artistName,
          // Over once its day has ended at its venue (docs/decisions/024-instants-and-venue-days.md).
          isPast: sql<boolean>`${tourDates.date} < ${venueToday(tourDates.timeZone, defaultTimeZone)}::text`,
        })
        .from(tourDates)
        .where(eq(tourDates.id, tourDateId))
        .for("key share");
      return row;
    },

    async findTourDate(tourDateId: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          artistName: tourDates.artistName,
          date: tourDates.date,
          time: tourDates.time,
          location: tourDates.location,
        })
        .from(tourDates)
        .where(eq(tourDates.id, tourDateId));
      return row;
    },

    async attachPaymentIntent(id: string, paymentIntentId: string, tx: Executor = db): Promise<void> {
      await tx.update(vendorBookings).set({ paymentIntentId }).where(eq(vendorBookings.id, id));
    },

    async findById(id: string, tx: Executor = db): Promise<VendorBookingRow | undefined> {
      const [row] = await tx.select().from(vendorBookings).where(eq(vendorBookings.id, id));
      return row;
    },

    /** The booking, row-locked until the transaction ends. */
    async lock(id: string, tx: Transaction): Promise<VendorBookingRow | undefined> {
      const [row] = await tx.select().from(vendorBookings).where(eq(vendorBookings.id, id)).for("update");
      return row;
    },

    async findByPaymentIntent(paymentIntentId: string, tx: Executor = db): Promise<VendorBookingRow | undefined> {
      const [row] = await tx.select().from(vendorBookings).where(eq(vendorBookings.paymentIntentId, paymentIntentId));
      return row;
    },

    /** Sets the booking's status (and what goes with it) under the caller's row lock. */
    async update(
      id: string,
      values: Partial<Pick<VendorBookingRow, "paymentStatus" | "cancelledAt" | "refundId">>,
      tx: Transaction,
    ): Promise<VendorBookingRow> {
      const [row] = await tx.update(vendorBookings).set(values).where(eq(vendorBookings.id, id)).returning();
      return row;
    },

    /** One query: every booking with its tour date (null once the date was deleted), newest first. */
    async listWithTourDates(): Promise<VendorBookingWithTourDate[]> {
      return db
        .select({ booking: listedColumns, tourDate: tourDateColumns })
        .from(vendorBookings)
        .leftJoin(tourDates, eq(vendorBookings.tourDateId, tourDates.id))
        .orderBy(desc(vendorBookings.createdAt), desc(vendorBookings.id))
        .then((rows) => rows.map(({ booking, tourDate }) => ({ ...booking, tourDate })));
    },

    /** One booking as the list shows it. */
    async findListed(id: string, tx: Executor = db): Promise<VendorBookingWithTourDate | undefined> {
      const [row] = await tx
        .select({ booking: listedColumns, tourDate: tourDateColumns })
        .from(vendorBookings)
        .leftJoin(tourDates, eq(vendorBookings.tourDateId, tourDates.id))
        .where(eq(vendorBookings.id, id));
      return row && { ...row.booking, tourDate: row.tourDate };
    },
  };
}

export type VendorBookingsRepository = ReturnType<typeof createVendorBookingsRepository>;
