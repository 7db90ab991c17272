import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import {
  ADMIN_EMAIL,
  insertTourDate,
  intentIdOf,
  postWebhook,
  setUpPaymentsApp,
  vendorBookingData,
} from "../../test/payments";

// The outbox rows a payment queues; their delivery is covered by the outbox's own tests.
const env = setUpPaymentsApp();

function messagesAbout(aboutType: string, aboutId: string) {
  return env.app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, aboutType), eq(outboxMessages.aboutId, aboutId)))
    .orderBy(outboxMessages.template, outboxMessages.recipient);
}

async function startBooking(tourDateId: string) {
  const data = vendorBookingData(tourDateId, { spotType: "premium", amount: 300 });
  const res = await env.app
    .agent()
    .post("/api/create-vendor-payment-intent")
    .send({ amount: 300, vendorBookingData: data })
    .expect(201);
  return { data, intentId: intentIdOf(res.body.clientSecret) };
}

describe("vendor booking e-mails", () => {
  it("queues the vendor's confirmation and one notice per administrator when the payment completes, once", async () => {
    // An admin who signed in (role admin in users) and the ADMIN_EMAILS address, which is the same person: one notice.
    await env.app.signIn(ADMIN_EMAIL);
    const tour = await insertTourDate(env.app, {
      artistName: "Nova Reign",
      date: "2030-07-04",
      time: "18:00",
      location: "Pier 4",
    });
    const { data, intentId } = await startBooking(tour.id);
    expect(
      await env.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, data.vendorEmail)),
    ).toHaveLength(0);

    env.stripe.succeed(intentId);
    const done = await env.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId, vendorBookingData: data })
      .expect(200);
    await env.app.agent().post("/api/complete-vendor-booking-payment").send({ paymentIntentId: intentId }).expect(200);

    const messages = await messagesAbout("vendor_booking", done.body.id);
    expect(messages.map((m) => [m.template, m.recipient, m.status])).toEqual([
      ["vendor-booking-admin-notice", ADMIN_EMAIL, "queued"],
      ["vendor-booking-confirmation", "rosa@tacos.test", "queued"],
    ]);
    // The admins' notice links to the page they manage bookings on.
    expect((messages[0].params as { link?: string }).link).toMatch(/^https?:\/\/[^/]+\/admin\/vendor-bookings$/);
    expect(messages[1].params).toEqual({
      vendorName: "Rosa Diaz",
      businessName: "Rosa's Tacos",
      spotType: "premium",
      amount: "300.00",
      artistName: "Nova Reign",
      date: "2030-07-04",
      time: "18:00",
      location: "Pier 4",
    });
    expect(messages[0].params).toMatchObject({
      vendorEmail: "rosa@tacos.test",
      vendorPhone: "+1 555 0100",
      foodType: "Mexican",
    });
  });

  it("queues them from the webhook too, and nothing for a failed payment", async () => {
    const tour = await insertTourDate(env.app);
    const paid = await startBooking(tour.id);
    const failed = await startBooking(tour.id);
    const intent = (id: string, status: string) => ({
      id,
      object: "payment_intent",
      status,
      amount: 30000,
      amount_received: status === "succeeded" ? 30000 : 0,
      currency: "usd",
      metadata: env.stripe.intents.get(id)!.metadata,
    });
    env.stripe.succeed(paid.intentId);
    await postWebhook(env.app.agent(), {
      id: "evt_mail_1",
      type: "payment_intent.succeeded",
      data: { object: intent(paid.intentId, "succeeded") },
    }).expect(200);
    await postWebhook(env.app.agent(), {
      id: "evt_mail_2",
      type: "payment_intent.payment_failed",
      data: { object: intent(failed.intentId, "requires_payment_method") },
    }).expect(200);

    const bookingId = (intentId: string) => env.stripe.intents.get(intentId)!.metadata.vendorBookingId;
    expect((await messagesAbout("vendor_booking", bookingId(paid.intentId))).map((m) => m.template)).toEqual([
      "vendor-booking-admin-notice",
      "vendor-booking-confirmation",
    ]);
    expect(await messagesAbout("vendor_booking", bookingId(failed.intentId))).toHaveLength(0);
  });
});
