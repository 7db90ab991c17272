import { and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import type { VendorPaymentStatus } from "@shared/vendor-bookings";
import { vendorBookings } from "@shared/vendor-bookings.table";
import type { Database, Executor, Transaction } from "../../db/database";
import { lockUnpaidHolder, type UnpaidHolder } from "../../lib/unpaid-holds";

type NewBooking = Omit<typeof vendorBookings.$inferInsert, "tourDateId"> & { id: string; tourDateId: string };

/** Statuses a late payment may still turn into paid: the hold was released, the money is honoured. */
export const RELEASED_STATUSES: readonly VendorPaymentStatus[] = ["failed", "expired", "cancelled"];

/**
 * The holds vendor bookings take on their show's slots (docs/decisions/019-vendor-slots.md):
 * every change of status that starts or ends a hold moves `tour_date_vendor_slots.taken` in the
 * same statement or transaction, so `taken` always equals the paid and pending bookings of its
 * type. The bookings' other reads and writes are in vendor-bookings.repository.ts.
 */
export function createVendorSlotHoldsRepository(db: Database, defaultSlotsPerType: number) {
  /** Gives one slot back (never below 0; a row the tour date's deletion removed is simply gone). */
  async function releaseSlot(tourDateId: string | null, spotType: string, tx: Executor): Promise<void> {
    if (!tourDateId) return;
    await tx
      .update(tourDateVendorSlots)
      .set({ taken: sql`greatest(${tourDateVendorSlots.taken} - 1, 0)` })
      .where(and(eq(tourDateVendorSlots.tourDateId, tourDateId), eq(tourDateVendorSlots.spotType, spotType)));
  }

  return {
    releaseSlot,

    /**
     * Takes a slot of the booking's type and records the pending booking, in one statement: the
     * conditional UPDATE takes the slot only while `taken` is below the capacity (or the
     * setting's default), and the INSERT selects from what it returned, so a booking exists
     * exactly when a slot was taken. Concurrent bookings queue on the slot row and each
     * re-checks the condition on the row as the one before left it. The slot row is made first
     * when missing (shows older than the counters), so old data never blocks a booking.
     * False when no slot was left.
     */
    async insertHoldingSlot(values: NewBooking, tx: Transaction): Promise<boolean> {
      await tx
        .insert(tourDateVendorSlots)
        .values({ tourDateId: values.tourDateId, spotType: values.spotType })
        .onConflictDoNothing();
      const slot = tx.$with("slot").as(
        tx
          .update(tourDateVendorSlots)
          .set({ taken: sql`${tourDateVendorSlots.taken} + 1` })
          .where(
            and(
              eq(tourDateVendorSlots.tourDateId, values.tourDateId),
              eq(tourDateVendorSlots.spotType, values.spotType),
              lt(
                tourDateVendorSlots.taken,
                sql`coalesce(${tourDateVendorSlots.capacity}, ${defaultSlotsPerType}::integer)`,
              ),
            ),
          )
          .returning({ tourDateId: tourDateVendorSlots.tourDateId }),
      );
      const columns = [
        vendorBookings.id,
        vendorBookings.tourDateId,
        vendorBookings.vendorName,
        vendorBookings.vendorEmail,
        vendorBookings.vendorPhone,
        vendorBookings.businessName,
        vendorBookings.foodType,
        vendorBookings.spotType,
        vendorBookings.amount,
        vendorBookings.paymentStatus,
        vendorBookings.clientAddress,
      ];
      const booking = tx.$with("booking", { id: sql<string>`id`.as("id") }).as(
        sql`insert into ${vendorBookings} (${sql.join(
          columns.map((column) => sql.identifier(column.name)),
          sql`, `,
        )})
          select ${values.id}::varchar, ${slot.tourDateId}, ${values.vendorName}::text, ${values.vendorEmail}::text,
            ${values.vendorPhone}::text, ${values.businessName}::text, ${values.foodType}::text,
            ${values.spotType}::text, ${values.amount}::numeric, 'pending', ${values.clientAddress ?? null}::text
          from ${slot}
          returning id`,
      );
      const rows = await tx.with(slot, booking).select().from(booking);
      return rows.length === 1;
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

    /** Removes a booking that never got a PaymentIntent (Stripe failed or was busy) and gives its slot back. */
    async deleteUnpaid(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(vendorBookings)
          .where(and(eq(vendorBookings.id, id), eq(vendorBookings.paymentStatus, "pending")))
          .returning({ tourDateId: vendorBookings.tourDateId, spotType: vendorBookings.spotType });
        if (gone) await releaseSlot(gone.tourDateId, gone.spotType, tx);
      });
    },
    /**
     * Takes a slot again for a released booking that was paid after all: unconditionally, since
     * the money is honoured even when the type sold out meanwhile. Answers whether that went
     * over the capacity.
     */
    async retakeSlot(tourDateId: string, spotType: string, tx: Transaction): Promise<{ overCapacity: boolean }> {
      const [row] = await tx
        .insert(tourDateVendorSlots)
        .values({ tourDateId, spotType, taken: 1 })
        .onConflictDoUpdate({
          target: [tourDateVendorSlots.tourDateId, tourDateVendorSlots.spotType],
          set: { taken: sql`${tourDateVendorSlots.taken} + 1` },
        })
        .returning({ taken: tourDateVendorSlots.taken, capacity: tourDateVendorSlots.capacity });
      return { overCapacity: row.taken > (row.capacity ?? defaultSlotsPerType) };
    },

    /**
     * The scheduled release: pending bookings started before `before` become expired and their
     * slots go back, in one statement. Each run takes at most `limit` bookings and skips rows
     * another run has locked, and the UPDATE re-checks `pending` on every row, so two instances
     * sweeping at once never release the same hold twice. Answers how many expired.
     */
    async releaseExpiredHolds(before: Date, limit: number): Promise<number> {
      const due = db
        .select({ id: vendorBookings.id })
        .from(vendorBookings)
        .where(and(eq(vendorBookings.paymentStatus, "pending"), lt(vendorBookings.createdAt, before)))
        .orderBy(vendorBookings.createdAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      const expired = db.$with("expired").as(
        db
          .update(vendorBookings)
          .set({ paymentStatus: "expired" })
          .where(and(inArray(vendorBookings.id, due), eq(vendorBookings.paymentStatus, "pending")))
          .returning({ tourDateId: vendorBookings.tourDateId, spotType: vendorBookings.spotType }),
      );
      // Several holds of one type count together: UPDATE ... FROM changes a row once per statement.
      const released = db.$with("released", { done: sql<number>`done`.as("done") }).as(
        sql`update ${tourDateVendorSlots} set ${sql.identifier(tourDateVendorSlots.taken.name)} = greatest(${tourDateVendorSlots.taken} - counts.n, 0)
          from (select ${expired.tourDateId} as tour_date_id, ${expired.spotType} as spot_type, count(*)::integer as n
                from ${expired} where ${expired.tourDateId} is not null group by 1, 2) as counts
          where ${tourDateVendorSlots.tourDateId} = counts.tour_date_id and ${tourDateVendorSlots.spotType} = counts.spot_type
          returning 1 as done`,
      );
      const [row] = await db.with(expired, released).select({ n: count() }).from(expired);
      return row.n;
    },
  };
}

export type VendorSlotHoldsRepository = ReturnType<typeof createVendorSlotHoldsRepository>;
