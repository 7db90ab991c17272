import { and, count, desc, eq, getTableColumns, gte, ne, sql } from "drizzle-orm";
import { tourDates } from "@shared/tour-dates";
import { vendorBookings, type VendorBooking, type VendorBookingWithTourDate } from "@shared/vendor-bookings";
import type { Database, Executor, Transaction } from "../../db/database";
import { lockUnpaidHolder, type UnpaidHolder } from "../../lib/unpaid-holds";

type NewBooking = typeof vendorBookings.$inferInsert & { id: string };

// The address a booking was started from only serves the unpaid-hold limit; lists leave it out.
const { clientAddress: _clientAddress, ...listedColumns } = getTableColumns(vendorBookings);

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

    async insert(values: NewBooking, tx: Executor = db): Promise<void> {
      await tx.insert(vendorBookings).values(values);
    },

    /**
     * Unpaid bookings started since `since` by this address and for this e-mail, counted under
     * the holder's locks so that a booking added in the same transaction keeps the count true.
     */
    async lockAndCountUnpaid(
      tx: Transaction,
      holder: UnpaidHolder,
      since: Date,
    ): Promise<{ byAddress: number; byEmail: number }> {
      await lockUnpaidHolder(tx, "vendor-booking", holder);
      const pendingSince = and(eq(vendorBookings.paymentStatus, "pending"), gte(vendorBookings.createdAt, since));
      const [byAddress] = await tx
        .select({ n: count() })
        .from(vendorBookings)
        .where(and(pendingSince, eq(vendorBookings.clientAddress, holder.clientAddress)));
      const [byEmail] = await tx
        .select({ n: count() })
        .from(vendorBookings)
        .where(and(pendingSince, eq(sql`lower(${vendorBookings.vendorEmail})`, holder.email.toLowerCase())));
      return { byAddress: byAddress.n, byEmail: byEmail.n };
    },

    /** Removes a booking that never got a PaymentIntent (Stripe failed or was busy). */
    async deleteUnpaid(id: string): Promise<void> {
      await db
        .delete(vendorBookings)
        .where(and(eq(vendorBookings.id, id), eq(vendorBookings.paymentStatus, "pending")));
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
          booking: listedColumns,
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
