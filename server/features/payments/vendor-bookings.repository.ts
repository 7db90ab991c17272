import { and, desc, eq, ne } from "drizzle-orm";
import { tourDates } from "@shared/tour-dates";
import { vendorBookings, type VendorBooking, type VendorBookingWithTourDate } from "@shared/vendor-bookings";
import type { Database } from "../../db/database";
import type { Executor, Transaction } from "./executor";

type NewBooking = typeof vendorBookings.$inferInsert & { id: string };

export function createVendorBookingsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async tourDateExists(tourDateId: string): Promise<{ artistName: string } | undefined> {
      const [row] = await db
        .select({ artistName: tourDates.artistName })
        .from(tourDates)
        .where(eq(tourDates.id, tourDateId));
      return row;
    },

    async findTourDate(tourDateId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ artistName: tourDates.artistName, date: tourDates.date, time: tourDates.time, location: tourDates.location })
        .from(tourDates)
        .where(eq(tourDates.id, tourDateId));
      return row;
    },

    async insert(values: NewBooking, tx: Executor = db): Promise<void> {
      await tx.insert(vendorBookings).values(values);
    },

    async attachPaymentIntent(id: string, paymentIntentId: string, tx: Executor = db): Promise<void> {
      await tx.update(vendorBookings).set({ paymentIntentId }).where(eq(vendorBookings.id, id));
    },

    async findById(id: string, tx: Executor = db): Promise<VendorBooking | undefined> {
      const [row] = await tx.select().from(vendorBookings).where(eq(vendorBookings.id, id));
      return row;
    },

    async findByPaymentIntent(paymentIntentId: string, tx: Executor = db): Promise<VendorBooking | undefined> {
      const [row] = await tx.select().from(vendorBookings).where(eq(vendorBookings.paymentIntentId, paymentIntentId));
      return row;
    },

    /**
     * Conditional, so the browser's completion and the webhook racing each other (or either
     * repeated) change the row once. Undefined when it was already paid.
     */
    async markPaid(id: string, tx: Executor = db): Promise<VendorBooking | undefined> {
      const [row] = await tx
        .update(vendorBookings)
        .set({ paymentStatus: "paid" })
        .where(and(eq(vendorBookings.id, id), ne(vendorBookings.paymentStatus, "paid")))
        .returning();
      return row;
    },

    /** Only a pending booking becomes failed; a paid one never goes back. */
    async markFailed(id: string, tx: Executor = db): Promise<VendorBooking | undefined> {
      const [row] = await tx
        .update(vendorBookings)
        .set({ paymentStatus: "failed" })
        .where(and(eq(vendorBookings.id, id), eq(vendorBookings.paymentStatus, "pending")))
        .returning();
      return row;
    },

    /** One query: every booking with its tour date, newest first. */
    async listWithTourDates(): Promise<VendorBookingWithTourDate[]> {
      return db
        .select({
          booking: vendorBookings,
          tourDate: {
            id: tourDates.id,
            artistName: tourDates.artistName,
            date: tourDates.date,
            time: tourDates.time,
            location: tourDates.location,
          },
        })
        .from(vendorBookings)
        .innerJoin(tourDates, eq(vendorBookings.tourDateId, tourDates.id))
        .orderBy(desc(vendorBookings.createdAt), desc(vendorBookings.id))
        .then((rows) => rows.map(({ booking, tourDate }) => ({ ...booking, tourDate })));
    },
  };
}

export type VendorBookingsRepository = ReturnType<typeof createVendorBookingsRepository>;
