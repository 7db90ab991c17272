import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripeEvents } from "@shared/stripe-events.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { startTestApp } from "../../test/app-harness";
import {
  insertTourDate,
  intentIdOf,
  postWebhook,
  setUpPaymentsApp,
  STRIPE_TEST_ENV,
  vendorBookingData,
} from "../../test/payments";

const env = setUpPaymentsApp();

async function pendingBooking() {
  const tour = await insertTourDate(env.app);
  const data = vendorBookingData(tour.id);
  const res = await env.app
    .agent()
    .post("/api/create-vendor-payment-intent")
    .send({ amount: 150, vendorBookingData: data })
    .expect(201);
  return { tourDateId: tour.id, intentId: intentIdOf(res.body.clientSecret) };
}

async function bookingsFor(tourDateId: string) {
  return env.app.db.select().from(vendorBookings).where(eq(vendorBookings.tourDateId, tourDateId));
}

function complete(intentId: string) {
  return env.app.agent().post("/api/complete-vendor-booking-payment").send({ paymentIntentId: intentId });
}

describe("POST /api/stripe/webhook", () => {
  it("marks the booking paid on a correctly signed payment_intent.succeeded", async () => {
    const { tourDateId, intentId } = await pendingBooking();
    env.stripe.succeed(intentId);
    const res = await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect(res.body).toEqual({ received: true });
    expect((await bookingsFor(tourDateId))[0].paymentStatus).toBe("paid");
  });

  it("refuses a bad, foreign or missing signature with 400 and changes nothing", async () => {
    const { tourDateId, intentId } = await pendingBooking();
    env.stripe.succeed(intentId);
    const event = env.stripe.event("payment_intent.succeeded", intentId);

    await postWebhook(env.app.agent(), event, "whsec_someone_else").expect(400);
    await env.app
      .agent()
      .post("/api/stripe/webhook")
      .set("Content-Type", "application/json")
      .send(JSON.stringify(event))
      .expect(400);
    const forged = await env.app
      .agent()
      .post("/api/stripe/webhook")
      .set("Content-Type", "application/json")
      .set("Stripe-Signature", "t=1700000000,v1=deadbeef")
      .send(JSON.stringify(event))
      .expect(400);
    expect(forged.body.message).toBe("Invalid Stripe signature");

    expect((await bookingsFor(tourDateId))[0].paymentStatus).toBe("pending");
    expect(await env.app.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
  });

  it("webhook then completion gives one paid booking", async () => {
    const { tourDateId, intentId } = await pendingBooking();
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    const res = await complete(intentId).expect(200);
    expect(res.body.paymentStatus).toBe("paid");
    const rows = await bookingsFor(tourDateId);
    expect(rows.map((r) => r.paymentStatus)).toEqual(["paid"]);
  });

  it("completion then webhook gives one paid booking", async () => {
    const { tourDateId, intentId } = await pendingBooking();
    env.stripe.succeed(intentId);
    await complete(intentId).expect(200);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    const rows = await bookingsFor(tourDateId);
    expect(rows.map((r) => r.paymentStatus)).toEqual(["paid"]);
  });

  it("processes the same event once, even when delivered twice at the same time", async () => {
    const { tourDateId, intentId } = await pendingBooking();
    env.stripe.succeed(intentId);
    const event = env.stripe.event("payment_intent.succeeded", intentId);
    const answers = await Promise.all([postWebhook(env.app.agent(), event), postWebhook(env.app.agent(), event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await env.app.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(1);
    expect((await bookingsFor(tourDateId))[0].paymentStatus).toBe("paid");
  });

  it("keeps the booking held on payment_failed, and a later success on the same intent makes it paid", async () => {
    const { tourDateId, intentId } = await pendingBooking();
    env.stripe.fail(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.payment_failed", intentId)).expect(200);
    expect((await bookingsFor(tourDateId))[0].paymentStatus).toBe("pending");

    // The vendor retries with another card on the same PaymentIntent.
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await bookingsFor(tourDateId))[0].paymentStatus).toBe("paid");

    // A late failure event never takes a paid booking back.
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.payment_failed", intentId)).expect(200);
    expect((await bookingsFor(tourDateId))[0].paymentStatus).toBe("paid");
  });

  it("ignores a success whose amount does not pay for the booking", async () => {
    const { tourDateId, intentId } = await pendingBooking();
    env.stripe.succeed(intentId);
    const event = env.stripe.event("payment_intent.succeeded", intentId);
    event.data.object.amount = 50;
    await postWebhook(env.app.agent(), event).expect(200);
    expect((await bookingsFor(tourDateId))[0].paymentStatus).toBe("pending");
  });

  it("answers 200 to event types it does not handle, without recording them", async () => {
    const { intentId } = await pendingBooking();
    const event = env.stripe.event("payment_intent.created", intentId);
    const res = await postWebhook(env.app.agent(), event).expect(200);
    expect(res.body).toEqual({ received: true });
    expect(await env.app.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toHaveLength(0);
  });
});

describe("webhook without a signing secret", () => {
  it("answers 503", async () => {
    const { STRIPE_WEBHOOK_SECRET: _unused, ...keys } = STRIPE_TEST_ENV;
    const noSecret = await startTestApp({ env: { ...keys, STRIPE_API_BASE: env.stripe.url } });
    try {
      const res = await postWebhook(noSecret.agent(), { id: "evt_1", type: "payment_intent.succeeded" }).expect(503);
      expect(res.body.message).toBe("Stripe webhooks are not configured");
    } finally {
      await noSecret.close();
    }
  });
});
