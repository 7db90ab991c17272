import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import {
  ADMIN_EMAIL,
  insertTourDate,
  intentIdOf,
  postWebhook,
  STRIPE_TEST_ENV,
  vendorBookingData,
} from "../../test/payments";

let stripe: StripeStandIn;
let sink: SmtpSink;
let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  sink = await startSmtpSink();
  app = await startTestApp({
    env: {
      ...STRIPE_TEST_ENV,
      STRIPE_API_BASE: stripe.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_URL: sink.url(),
      MAIL_FROM: "Label Records <shows@label.test>",
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
      MAIL_RETRY_DELAY_MS: "1000",
    },
    workers: true,
  });
  admin = await app.signIn(ADMIN_EMAIL);
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
  await stripe?.close();
});

let vendorCounter = 0;

/** A pending booking of a show offering `capacity` standard slots. */
async function heldBooking(capacity = 2) {
  vendorCounter += 1;
  const tour = await insertTourDate(app, { artistName: "Marisol Vega", location: "Pier 4", date: "2030-06-01" });
  await app.db.insert(tourDateVendorSlots).values({ tourDateId: tour.id, spotType: "standard", capacity });
  const data = vendorBookingData(tour.id, { vendorEmail: `cancel${vendorCounter}@food.test` });
  const res = await app
    .agent()
    .post("/api/create-vendor-payment-intent")
    .send({ amount: data.amount, vendorBookingData: data })
    .expect(201);
  const intentId = intentIdOf(res.body.clientSecret);
  const id = stripe.intents.get(intentId)!.metadata.vendorBookingId;
  return { tour, intentId, id, vendorEmail: data.vendorEmail };
}

async function paidBooking(capacity = 2) {
  const booking = await heldBooking(capacity);
  stripe.succeed(booking.intentId);
  await app
    .agent()
    .post("/api/complete-vendor-booking-payment")
    .send({ paymentIntentId: booking.intentId })
    .expect(200);
  return booking;
}

async function row(id: string) {
  const [found] = await app.db.select().from(vendorBookings).where(eq(vendorBookings.id, id));
  return found;
}

async function remaining(tourDateId: string): Promise<number> {
  const res = await app.agent().get(`/api/tour-dates/${tourDateId}/vendor-slots`).expect(200);
  return res.body[0].remaining;
}

async function templatesAbout(id: string): Promise<string[]> {
  const rows = await app.db
    .select({ template: outboxMessages.template })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, "vendor_booking"), eq(outboxMessages.aboutId, id)))
    .orderBy(outboxMessages.createdAt, outboxMessages.template);
  return rows.map((r) => r.template);
}

describe("POST /api/vendor-bookings/:id/cancel", () => {
  it("refunds a paid booking through Stripe, records it, returns the slot and e-mails the vendor", async () => {
    const { tour, intentId, id, vendorEmail } = await paidBooking(1);
    expect(await remaining(tour.id)).toBe(0);

    const res = await admin
      .post(`/api/vendor-bookings/${id}/cancel`)
      .send({ reason: "The show moved indoors" })
      .expect(200);
    const refunds = stripe.refunds.filter((r) => r.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(15000);
    const request = stripe.requests.find(
      (r) => r.method === "POST" && r.path === "/v1/refunds" && r.body.payment_intent === intentId,
    )!;
    expect(request.idempotencyKey).toMatch(new RegExp(`^vendor-booking-refund-${id}-[0-9a-f]{32}$`));

    expect(res.body).toMatchObject({
      id,
      paymentStatus: "refunded",
      refundId: refunds[0].id,
      cancelledAt: expect.any(String),
      tourDate: { id: tour.id, artistName: "Marisol Vega" },
    });
    expect(res.body).not.toHaveProperty("clientAddress");
    expect(await row(id)).toMatchObject({ paymentStatus: "refunded", refundId: refunds[0].id });
    expect(await remaining(tour.id)).toBe(1);

    const [mail] = await sink.waitFor((m) => m.subject?.startsWith("Cancelled: your Standard Spot") === true);
    expect(mail.to).toMatchObject({ value: [{ address: vendorEmail }] });
    expect(mail.subject).toBe("Cancelled: your Standard Spot at Marisol Vega, Sat, Jun 1, 2030");
    for (const fact of ["Rosa's Tacos", "Standard Spot", "$150.00", "The show moved indoors", "Pier 4"]) {
      expect(mail.text).toContain(fact);
    }

    // Once only: a second cancel is refused and asks Stripe nothing.
    const again = await admin.post(`/api/vendor-bookings/${id}/cancel`).send({}).expect(409);
    expect(again.body.message).toBe("This booking has already been cancelled");
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    // Stripe's own word of the refund changes nothing more.
    await postWebhook(app.agent(), stripe.chargeRefunded(intentId)).expect(200);
    expect(await templatesAbout(id)).toEqual([
      "vendor-booking-admin-notice",
      "vendor-booking-confirmation",
      "vendor-booking-cancelled",
    ]);
    expect(await remaining(tour.id)).toBe(1);
  });

  it("cancels a held booking and its payment at Stripe: its slot goes back and nobody is e-mailed", async () => {
    const { tour, id, intentId } = await heldBooking(1);
    const refundsBefore = stripe.refunds.length;
    const res = await admin.post(`/api/vendor-bookings/${id}/cancel`).expect(200);
    expect(res.body).toMatchObject({ id, paymentStatus: "cancelled", refundId: null, cancelledAt: expect.any(String) });
    expect(stripe.refunds).toHaveLength(refundsBefore);
    // Nobody can pay for it any more.
    expect(stripe.intents.get(intentId)!.status).toBe("canceled");
    expect(() => stripe.succeed(intentId)).toThrow();
    expect(await remaining(tour.id)).toBe(1);
    expect(await templatesAbout(id)).toEqual([]);
    const again = await admin.post(`/api/vendor-bookings/${id}/cancel`).expect(409);
    expect(again.body.message).toBe("This booking has already been cancelled");
  });

  it.each(["failed", "expired"] as const)("refuses a %s booking (409) and changes nothing", async (status) => {
    const { id } = await heldBooking();
    await app.db.update(vendorBookings).set({ paymentStatus: status }).where(eq(vendorBookings.id, id));
    const res = await admin.post(`/api/vendor-bookings/${id}/cancel`).expect(409);
    expect(res.body.message).toBe("Only paid or held bookings can be cancelled");
    expect((await row(id)).paymentStatus).toBe(status);
  });

  it("changes nothing when Stripe refuses the refund (502)", async () => {
    const { tour, intentId, id } = await paidBooking();
    // The stand-in refuses to refund an intent that is not succeeded.
    stripe.setStatus(intentId, "processing");
    const res = await admin.post(`/api/vendor-bookings/${id}/cancel`).send({ reason: "x" }).expect(502);
    expect(res.body.message).toBe("The payment provider could not process the request. Please try again.");
    expect(await row(id)).toMatchObject({ paymentStatus: "paid", refundId: null, cancelledAt: null });
    expect(await remaining(tour.id)).toBe(1);
    expect(await templatesAbout(id)).not.toContain("vendor-booking-cancelled");
    // Once Stripe can, the same cancel goes through.
    stripe.setStatus(intentId, "succeeded");
    await admin.post(`/api/vendor-bookings/${id}/cancel`).expect(200);
    expect(await remaining(tour.id)).toBe(2);
  });

  it("is for administrators only, and answers 404 and 400 for unknown ids and bad bodies", async () => {
    const { id } = await heldBooking();
    await app.agent().post(`/api/vendor-bookings/${id}/cancel`).expect(401);
    const fan = await app.signIn("fan@label.test");
    const refused = await fan.post(`/api/vendor-bookings/${id}/cancel`).expect(403);
    expect(refused.body.message).toBe("Administrator access required");
    const missing = await admin.post(`/api/vendor-bookings/${crypto.randomUUID()}/cancel`).expect(404);
    expect(missing.body.message).toBe("Booking not found");
    await admin.post("/api/vendor-bookings/not-a-uuid/cancel").expect(404);
    await admin
      .post(`/api/vendor-bookings/${id}/cancel`)
      .send({ reason: "x".repeat(501) })
      .expect(400);
    await admin.post(`/api/vendor-bookings/${id}/cancel`).send({ paymentStatus: "refunded" }).expect(400);
    expect((await row(id)).paymentStatus).toBe("pending");
  });
});

describe("a payment for a held booking an administrator cancels", () => {
  it("refunds a payment that went through just before the cancel, which then never books it", async () => {
    const { tour, intentId, id } = await heldBooking(1);
    stripe.succeed(intentId);
    const res = await admin.post(`/api/vendor-bookings/${id}/cancel`).send({}).expect(200);
    expect(res.body).toMatchObject({ paymentStatus: "refunded" });
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([15000]);
    await postWebhook(app.agent(), stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await row(id)).paymentStatus).toBe("refunded");
    expect(await remaining(tour.id)).toBe(1);
  });

  it("refunds a payment arriving after the cancel instead of reviving the booking beyond the slots", async () => {
    const { tour, intentId, id } = await heldBooking(1);
    // Cancelled as before its payment was stopped at Stripe; the slot went to someone else.
    await app.db
      .update(vendorBookings)
      .set({ paymentStatus: "cancelled", cancelledAt: new Date() })
      .where(eq(vendorBookings.id, id));
    await app.db.update(tourDateVendorSlots).set({ taken: 1 }).where(eq(tourDateVendorSlots.tourDateId, tour.id));
    stripe.succeed(intentId);
    await postWebhook(app.agent(), stripe.event("payment_intent.succeeded", intentId)).expect(200);
    for (let i = 0; i < 100 && (await row(id)).paymentStatus !== "refunded"; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(await row(id)).toMatchObject({ paymentStatus: "refunded" });
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([15000]);
    expect(await remaining(tour.id)).toBe(0);
    const [slot] = await app.db.select().from(tourDateVendorSlots).where(eq(tourDateVendorSlots.tourDateId, tour.id));
    expect(slot.taken).toBe(1);
    // The browser's completion call is told, and nothing more is refunded.
    const done = await app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(done.body.message).toMatch(/refunded/);
  });
});

describe("a cancel asked again after Stripe forgot its key (24 hours)", () => {
  it("finds the refund already made for the booking and records it without a second one", async () => {
    const { tour, intentId, id } = await paidBooking(1);
    await admin.post(`/api/vendor-bookings/${id}/cancel`).send({}).expect(200);
    const [made] = stripe.refunds.filter((r) => r.payment_intent === intentId);
    // As if the record had been lost after Stripe refunded: the booking still reads paid.
    await app.db
      .update(vendorBookings)
      .set({ paymentStatus: "paid", refundId: null, cancelledAt: null })
      .where(eq(vendorBookings.id, id));
    await app.db.update(tourDateVendorSlots).set({ taken: 1 }).where(eq(tourDateVendorSlots.tourDateId, tour.id));
    stripe.forgetIdempotencyKeys();
    const res = await admin.post(`/api/vendor-bookings/${id}/cancel`).send({}).expect(200);
    expect(res.body).toMatchObject({ paymentStatus: "refunded", refundId: made.id });
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });
});

describe("booking a show that is over", () => {
  it("is refused in plain words (400) and holds no slot", async () => {
    const tour = await insertTourDate(app, { date: "2020-03-01", timeZone: "America/New_York" });
    const data = vendorBookingData(tour.id, { vendorEmail: "late@food.test" });
    const res = await app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: data.amount, vendorBookingData: data })
      .expect(400);
    expect(res.body.message).toBe("This show has already taken place, so its vendor slots can no longer be booked.");
    const held = await app.db.select().from(vendorBookings).where(eq(vendorBookings.tourDateId, tour.id));
    expect(held).toEqual([]);
  });
});

describe("charge.refunded for a vendor booking", () => {
  it("records a refund made in Stripe's dashboard once, returns the slot and tells the vendor; partial refunds are ignored", async () => {
    const { tour, intentId, id } = await paidBooking(1);
    await postWebhook(app.agent(), stripe.chargeRefunded(intentId, true)).expect(200);
    expect((await row(id)).paymentStatus).toBe("paid");
    await postWebhook(app.agent(), stripe.chargeRefunded(intentId)).expect(200);
    await postWebhook(app.agent(), stripe.chargeRefunded(intentId)).expect(200);
    expect(await row(id)).toMatchObject({ paymentStatus: "refunded", cancelledAt: expect.any(Date) });
    expect(await remaining(tour.id)).toBe(1);
    expect((await templatesAbout(id)).filter((t) => t === "vendor-booking-cancelled")).toHaveLength(1);
    await admin.post(`/api/vendor-bookings/${id}/cancel`).expect(409);
  });
});
