import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { ADMIN_EMAIL, insertTourDate, setUpPaymentsApp, vendorBookingData } from "../../test/payments";

const TOO_MANY = "You have too many unpaid checkouts. Finish paying for one, or try again in 10 minutes.";

const payments = setUpPaymentsApp({
  env: {
    // A proxy in front (on loopback), so each test can speak from an address of its own.
    TRUST_PROXY: "loopback",
    UNPAID_HOLDS_PER_ADDRESS: "3",
    UNPAID_HOLDS_PER_EMAIL: "2",
  },
});

function bookSpot(tourDateId: string, from: string, vendorEmail: string) {
  const data = vendorBookingData(tourDateId, { vendorEmail });
  return payments.app
    .agent()
    .post("/api/create-vendor-payment-intent")
    .set("X-Forwarded-For", from)
    .send({ amount: data.amount, vendorBookingData: data });
}

describe("unpaid vendor bookings", () => {
  it("are limited per e-mail and per address in the same way, for 10 minutes", async () => {
    const tour = await insertTourDate(payments.app);
    await bookSpot(tour.id, "192.0.2.30", "rosa@tacos.test").expect(201);
    await bookSpot(tour.id, "192.0.2.31", "rosa@tacos.test").expect(201);
    expect((await bookSpot(tour.id, "192.0.2.32", "Rosa@Tacos.test").expect(429)).body.message).toBe(TOO_MANY);
    await bookSpot(tour.id, "192.0.2.30", "ana@food.test").expect(201);
    await bookSpot(tour.id, "192.0.2.30", "li@food.test").expect(201);
    await bookSpot(tour.id, "192.0.2.30", "kim@food.test").expect(429);
    expect(
      await payments.app.db.select().from(vendorBookings).where(eq(vendorBookings.tourDateId, tour.id)),
    ).toHaveLength(4);

    await payments.app.db
      .update(vendorBookings)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(vendorBookings.tourDateId, tour.id));
    await bookSpot(tour.id, "192.0.2.30", "rosa@tacos.test").expect(201);
  });

  it("keep the address they came from out of the admin list", async () => {
    const tour = await insertTourDate(payments.app);
    await bookSpot(tour.id, "192.0.2.40", "list@food.test").expect(201);
    const admin = await payments.app.signIn(ADMIN_EMAIL);
    const res = await admin.get("/api/vendor-bookings").expect(200);
    const mine = res.body.find((b: { tourDateId: string }) => b.tourDateId === tour.id);
    expect(mine).toMatchObject({ vendorEmail: "list@food.test" });
    expect(mine).not.toHaveProperty("clientAddress");
  });
});
