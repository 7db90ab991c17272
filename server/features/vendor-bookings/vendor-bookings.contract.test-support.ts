import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { vendorBookingsContract } from "@shared/vendor-bookings";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import type { ContractCases } from "../../test/contract-harness";
import { insertTourDate, intentIdOf, vendorBookingData } from "../../test/payments";
import type { TestApp } from "../../test/app-harness";

const START_ALIAS = "/api/create-vendor-payment-intent";
const COMPLETE_ALIAS = "/api/complete-vendor-booking-payment";

/** The start's body for a vendor of `email` at `tourDateId`. */
function start(tourDateId: string, email: string) {
  return { amount: 150, vendorBookingData: vendorBookingData(tourDateId, { vendorEmail: email }) };
}

async function insertBooking(app: TestApp, values: Partial<typeof vendorBookings.$inferInsert> = {}) {
  const tour = await insertTourDate(app);
  const [row] = await app.db
    .insert(vendorBookings)
    .values({ ...vendorBookingData(tour.id), amount: "150.00", paymentStatus: "pending", ...values })
    .returning();
  return row;
}

/**
 * Each vendor-booking route's answers, for server/contract.test.ts. The checkout's two routes
 * are sent on their aligned path and on the published alias alike.
 */
export const vendorBookingsCases: ContractCases<typeof vendorBookingsContract> = {
  async paymentIntent({ app, send }) {
    const tour = await insertTourDate(app);
    for (const [path, email] of [
      [undefined, "one@vendors.test"],
      [START_ALIAS, "two@vendors.test"],
    ] as const) {
      const answer = await send("anonymous", { body: start(tour.id, email) }, 201, path);
      expect(answer.body).toHaveProperty("clientSecret");
      await send("anonymous", { body: start(crypto.randomUUID(), email) }, 404, path);
      await send("anonymous", { body: { amount: 150, vendorBookingData: { tourDateId: tour.id } } }, 400, path);
    }
    const soldOut = await insertTourDate(app);
    await app.db.insert(tourDateVendorSlots).values({ tourDateId: soldOut.id, spotType: "standard", capacity: 0 });
    await send("anonymous", { body: start(soldOut.id, "three@vendors.test") }, 409);
    await send("anonymous", { body: start(soldOut.id, "three@vendors.test") }, 409, START_ALIAS);
    // A vendor already holding as many unpaid bookings as one e-mail may.
    const busy = "busy@vendors.test";
    for (let i = 0; i < 3; i++) await insertBooking(app, { vendorEmail: busy });
    await send("anonymous", { body: start(tour.id, busy) }, 429);
    await send("anonymous", { body: start(tour.id, busy) }, 429, START_ALIAS);
    await app.db.update(vendorBookings).set({ paymentStatus: "expired" }).where(eq(vendorBookings.vendorEmail, busy));
  },
  async complete({ app, stripe, send }) {
    const tour = await insertTourDate(app);
    const started = await app
      .agent()
      .post("/api/vendor-bookings/payment-intent")
      .send(start(tour.id, "paying@vendors.test"))
      .expect(201);
    const paymentIntentId = intentIdOf(started.body.clientSecret);
    for (const path of [undefined, COMPLETE_ALIAS]) {
      // Not paid yet.
      await send("anonymous", { body: { paymentIntentId } }, 409, path);
      await send("anonymous", { body: { paymentIntentId: "pi_unknown_to_stripe" } }, 404, path);
      await send("anonymous", { body: { paymentIntentId: "not-an-intent" } }, 400, path);
    }
    stripe.succeed(paymentIntentId);
    for (const path of [undefined, COMPLETE_ALIAS]) {
      const answer = await send("anonymous", { body: { paymentIntentId } }, 200, path);
      expect(answer.body).toMatchObject({ paymentStatus: "paid" });
    }
  },
  async list({ app, send }) {
    await insertBooking(app, { cancelledAt: new Date(), paymentStatus: "cancelled" });
    await insertBooking(app, { tourDateId: null, paymentStatus: "expired" });
    const answer = await send("admin", {}, 200);
    expect(answer.body).not.toEqual([]);
  },
  async cancel({ app, send }) {
    const held = await insertBooking(app);
    await send("admin", { params: { id: held.id }, body: {} }, 200);
    await send("admin", { params: { id: held.id }, body: {} }, 409);
    await send("admin", { params: { id: held.id }, body: { reason: "x".repeat(501) } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: {} }, 404);
  },
};
