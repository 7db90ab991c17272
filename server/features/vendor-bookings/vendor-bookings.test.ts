import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { startTestApp } from "../../test/app-harness";
import { ADMIN_EMAIL, insertTourDate, intentIdOf, setUpPaymentsApp, vendorBookingData } from "../../test/payments";

const env = setUpPaymentsApp();

async function bookingsFor(tourDateId: string) {
  return env.app.db.select().from(vendorBookings).where(eq(vendorBookings.tourDateId, tourDateId));
}

async function startBooking(tourDateId: string, overrides: Record<string, unknown> = {}) {
  const data = vendorBookingData(tourDateId, overrides);
  const res = await env.app
    .agent()
    .post("/api/create-vendor-payment-intent")
    .send({ amount: data.amount, vendorBookingData: data })
    .expect(201);
  return { data, clientSecret: res.body.clientSecret as string, intentId: intentIdOf(res.body.clientSecret) };
}

describe("POST /api/create-vendor-payment-intent", () => {
  it("creates a USD PaymentIntent for the spot's server price and a pending booking holding its id", async () => {
    const tour = await insertTourDate(env.app);
    const { clientSecret, intentId } = await startBooking(tour.id, { spotType: "premium", amount: 300 });

    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const [booking] = await bookingsFor(tour.id);
    expect(booking).toMatchObject({
      paymentStatus: "pending",
      paymentIntentId: intentId,
      amount: "300.00",
      spotType: "premium",
    });
    const intent = env.stripe.intents.get(intentId)!;
    expect(intent).toMatchObject({ amount: 30000, currency: "usd", metadata: { vendorBookingId: booking.id } });
    // The real client sent it form-encoded, with an idempotency key tied to the booking and
    // to the parameters sent.
    const create = env.stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/payment_intents")!;
    expect(create.idempotencyKey).toMatch(new RegExp(`^vendor-booking-${booking.id}-[0-9a-f]{32}$`));
  });

  it("accepts the amount as a decimal string as well as the spot price number", async () => {
    const tour = await insertTourDate(env.app);
    const data = vendorBookingData(tour.id, { spotType: "deluxe", amount: "500.00" });
    await env.app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: "500", vendorBookingData: data })
      .expect(201);
    expect((await bookingsFor(tour.id))[0].amount).toBe("500.00");
  });

  it("refuses a tampered amount and writes nothing", async () => {
    const tour = await insertTourDate(env.app);
    const creates = env.stripe.intents.size;
    const cheap = vendorBookingData(tour.id, { spotType: "deluxe", amount: 150 });
    const res = await env.app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: 150, vendorBookingData: cheap })
      .expect(400);
    expect(res.body.message).toBe("The amount does not match the selected spot");
    // The inner amount is checked too.
    const inner = vendorBookingData(tour.id, { amount: 1 });
    await env.app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: 150, vendorBookingData: inner })
      .expect(400);
    expect(await bookingsFor(tour.id)).toHaveLength(0);
    expect(env.stripe.intents.size).toBe(creates);
  });

  it("answers 404 for a tour date that does not exist", async () => {
    const data = vendorBookingData("00000000-0000-4000-8000-000000000000");
    const res = await env.app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: 150, vendorBookingData: data })
      .expect(404);
    expect(res.body.message).toBe("Tour date not found");
  });

  it("validates the vendor form with the shared schema's messages", async () => {
    const tour = await insertTourDate(env.app);
    const data = vendorBookingData(tour.id, { vendorEmail: "not-an-email", vendorName: "  ", spotType: "gold" });
    const res = await env.app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: 150, vendorBookingData: data })
      .expect(400);
    expect(res.body.fieldErrors).toMatchObject({
      "vendorBookingData.vendorName": ["Required"],
      "vendorBookingData.vendorEmail": [expect.stringMatching(/email/i)],
      "vendorBookingData.spotType": [expect.any(String)],
    });
  });

  it("leaves no pending booking behind when Stripe fails", async () => {
    const tour = await insertTourDate(env.app);
    env.stripe.failNextCreates(1);
    const data = vendorBookingData(tour.id);
    const res = await env.app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: 150, vendorBookingData: data })
      .expect(502);
    expect(res.body.message).toMatch(/payment provider/);
    expect(await bookingsFor(tour.id)).toHaveLength(0);
  });
});

describe("POST /api/complete-vendor-booking-payment", () => {
  it("refuses an intent that has not succeeded and leaves the booking pending", async () => {
    const tour = await insertTourDate(env.app);
    const { data, intentId } = await startBooking(tour.id);
    const res = await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId, vendorBookingData: data })
      .expect(409);
    expect(res.body.message).toBe("Payment has not completed");
    env.stripe.setStatus(intentId, "processing");
    await env.app.agent().post("/api/complete-vendor-booking-payment").send({ paymentIntentId: intentId }).expect(409);
    expect((await bookingsFor(tour.id))[0].paymentStatus).toBe("pending");
  });

  it("marks the booking paid once Stripe says succeeded; completing twice keeps one paid booking", async () => {
    const tour = await insertTourDate(env.app);
    const { data, intentId } = await startBooking(tour.id);
    env.stripe.succeed(intentId);

    const first = await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId, vendorBookingData: data })
      .expect(200);
    expect(first.body).toMatchObject({ paymentStatus: "paid", tourDateId: tour.id, spotType: "standard" });
    // A receipt: whoever holds the payment id does not get the vendor's contact details.
    expect(first.body).not.toHaveProperty("vendorEmail");
    expect(first.body).not.toHaveProperty("vendorPhone");
    const second = await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId, vendorBookingData: data })
      .expect(200);
    expect(second.body).toMatchObject({ id: first.body.id, paymentStatus: "paid" });

    const rows = await bookingsFor(tour.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].paymentStatus).toBe("paid");
  });

  it("refuses a succeeded intent whose amount differs from the booking", async () => {
    const tour = await insertTourDate(env.app);
    const { intentId } = await startBooking(tour.id);
    Object.assign(env.stripe.intents.get(intentId)!, { amount: 100 });
    env.stripe.succeed(intentId);
    const res = await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(res.body.message).toBe("The payment does not match this purchase");
    expect((await bookingsFor(tour.id))[0].paymentStatus).toBe("pending");
  });

  it("refuses booking details that do not match the paid booking", async () => {
    const tour = await insertTourDate(env.app);
    const { intentId } = await startBooking(tour.id);
    env.stripe.succeed(intentId);
    const other = vendorBookingData(tour.id, { spotType: "deluxe", amount: 500 });
    await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId, vendorBookingData: other })
      .expect(400);
    expect((await bookingsFor(tour.id))[0].paymentStatus).toBe("pending");
  });

  it("answers 404 for an intent Stripe does not know, and 400 for something that is not an intent id", async () => {
    const res = await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: "pi_unknown123" })
      .expect(404);
    expect(res.body.message).toBe("Payment not found");
    await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: "../v1/charges" })
      .expect(400);
  });
});

describe("vendor bookings and their tour date", () => {
  it("a tour date with a booking holding a slot cannot be deleted", async () => {
    const tour = await insertTourDate(env.app);
    await startBooking(tour.id);
    await startBooking(tour.id, { spotType: "premium", amount: 300 });
    const admin = await env.app.signIn(ADMIN_EMAIL);
    await admin.delete(`/api/tour-dates/${tour.id}`).expect(409);
    expect(await bookingsFor(tour.id)).toHaveLength(2);
  });

  it("GET /api/vendor-bookings lists bookings with their tour date, newest first, for administrators only", async () => {
    const tour = await insertTourDate(env.app, { artistName: "The Listers", location: "Pier 9" });
    const older = await startBooking(tour.id, { vendorName: "First Vendor" });
    const newer = await startBooking(tour.id, { vendorName: "Second Vendor" });

    await env.app.agent().get("/api/vendor-bookings").expect(401);
    const fan = await env.app.signIn("fan@label.test");
    await fan.get("/api/vendor-bookings").expect(403);
    const admin = await env.app.signIn(ADMIN_EMAIL);
    const res = await admin.get("/api/vendor-bookings").expect(200);
    const mine = res.body.filter((b: { tourDateId: string }) => b.tourDateId === tour.id);
    expect(mine.map((b: { paymentIntentId: string }) => b.paymentIntentId)).toEqual([newer.intentId, older.intentId]);
    expect(mine[0]).toMatchObject({
      vendorName: "Second Vendor",
      paymentStatus: "pending",
      tourDate: { id: tour.id, artistName: "The Listers", location: "Pier 9", date: "2030-06-01", time: "20:00" },
    });
  });
});

describe("without Stripe configured", () => {
  it("answers 503 with the fallback text and writes no booking", async () => {
    const bare = await startTestApp();
    try {
      const tour = await insertTourDate(bare);
      const config = await bare.agent().get("/api/config").expect(200);
      expect(config.body.stripePublishableKey).toBeNull();
      const data = vendorBookingData(tour.id);
      const res = await bare
        .agent()
        .post("/api/create-vendor-payment-intent")
        .send({ amount: 150, vendorBookingData: data })
        .expect(503);
      expect(res.body.message).toBe("Payment processing is not available at this time. Please contact support.");
      await bare.agent().post("/api/complete-vendor-booking-payment").send({ paymentIntentId: "pi_abc" }).expect(503);
      await bare.agent().post("/api/stripe/webhook").set("Content-Type", "application/json").send("{}").expect(503);
      expect(await bare.db.select().from(vendorBookings)).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
