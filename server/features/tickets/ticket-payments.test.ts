import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ticketPurchases } from "@shared/tickets.table";
import type { Agent } from "../../test/app-harness";
import {
  ADMIN_EMAIL,
  eventRow,
  eventually,
  insertEvent,
  intentIdOf,
  messagesAbout,
  orderRow,
  postWebhook,
  setUpTicketsApp,
} from "./tickets.test-support";

const env = setUpTicketsApp();
let buyer: Agent;
let stranger: Agent;

beforeAll(async () => {
  buyer = await env.app.signIn("buyer@fans.test");
  stranger = await env.app.signIn("stranger@fans.test");
});

async function hold(quantity = 2, values = {}) {
  const event = await insertEvent(env.app, values);
  const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity }).expect(201);
  return { event, order: res.body, intentId: intentIdOf(res.body.clientSecret) };
}

describe("paying for tickets by card", () => {
  it("holds the tickets as pending with a ten-minute expiry and a PaymentIntent priced by the server, and e-mails nothing yet", async () => {
    const { event, order, intentId } = await hold(2, { ticketPrice: "25.50" });
    expect(order).toMatchObject({ status: "pending", totalAmount: "51.00", quantity: 2 });
    expect(order.paymentIntentId).toBeUndefined();
    const minutes = (new Date(order.holdExpiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(18);
    expect(env.stripe.intents.get(intentId)).toMatchObject({
      amount: 5100,
      currency: "usd",
      metadata: { ticketPurchaseId: order.id },
    });
    expect(await messagesAbout(env.app, order.id)).toEqual([]);
    const mine = await buyer.get("/api/tickets/my").expect(200);
    expect(mine.body.map((t: { id: string }) => t.id)).not.toContain(order.id);
  });

  it("confirms once paid and queues the confirmation once, whether the browser or the webhook tells first", async () => {
    for (const webhookFirst of [false, true]) {
      const { order, intentId } = await hold();
      await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(409);
      env.stripe.succeed(intentId);
      if (webhookFirst)
        await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
      const done = await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(200);
      expect(done.body.status).toBe("confirmed");
      await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
      await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(200);
      expect(await orderRow(env.app, order.id)).toMatchObject({ status: "confirmed", holdExpiresAt: null });
      expect(await messagesAbout(env.app, order.id)).toEqual(["ticket-purchase-confirmation"]);
    }
  });

  it("answers 404 to someone else's payment, and confirms nothing", async () => {
    const { order, intentId } = await hold();
    env.stripe.succeed(intentId);
    await stranger.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(404);
    expect((await orderRow(env.app, order.id)).status).toBe("pending");
  });

  it("gives the tickets back when the refund is reported before the payment's success, which then never confirms the order", async () => {
    const { event, order, intentId } = await hold(2);
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(18);
    env.stripe.succeed(intentId);
    const [succeeded] = env.stripe.eventsOf(intentId);
    const refunded = env.stripe.chargeRefunded(intentId);
    await postWebhook(env.app.agent(), refunded).expect(200);
    await postWebhook(env.app.agent(), refunded).expect(200);
    expect(await orderRow(env.app, order.id)).toMatchObject({ status: "refunded", paidAt: null });
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(20);

    await postWebhook(env.app.agent(), succeeded).expect(200);
    const completion = await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(409);
    expect(completion.body.message).toBe("This payment was refunded. The tickets are not confirmed.");
    expect(await orderRow(env.app, order.id)).toMatchObject({ status: "refunded", paidAt: null });
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(20);
    expect(await messagesAbout(env.app, order.id)).toEqual([]);
    // Money went back once: the app asks Stripe for no second refund.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(env.stripe.requests.filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === intentId)).toEqual(
      [],
    );
  });

  it("confirms free events at once, with no payment", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "0.00" });
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 3 }).expect(201);
    expect(res.body).toMatchObject({ status: "confirmed", totalAmount: "0.00" });
    expect(res.body.clientSecret).toBeUndefined();
    expect(await messagesAbout(env.app, res.body.id)).toEqual(["ticket-purchase-confirmation"]);
  });

  it("returns the tickets of a hold left unpaid once it expires, through the scheduled job", async () => {
    const { event, order } = await hold(3);
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(17);
    await env.app.db
      .update(ticketPurchases)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketPurchases.id, order.id));
    await eventually(async () => (await eventRow(env.app, event.id)).availableTickets === 20);
    expect(await orderRow(env.app, order.id)).toMatchObject({ status: "cancelled", cancelReason: "expired" });
    expect(await messagesAbout(env.app, order.id)).toEqual([]);
  });

  it("keeps a hold that has not expired", async () => {
    const { event } = await hold(3);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // two sweeps
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(17);
  });

  it("honours a payment that arrives after the hold expired while the tickets are still there", async () => {
    const { event, order, intentId } = await hold(2);
    await env.app.db
      .update(ticketPurchases)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketPurchases.id, order.id));
    await eventually(async () => (await orderRow(env.app, order.id)).status === "cancelled");
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect(await orderRow(env.app, order.id)).toMatchObject({ status: "confirmed", cancelReason: null });
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(18);
  });

  it("refunds a payment that arrives after the hold expired and the tickets sold", async () => {
    const { event, order, intentId } = await hold(2, { totalTickets: 2, availableTickets: 2 });
    await env.app.db
      .update(ticketPurchases)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketPurchases.id, order.id));
    await eventually(async () => (await orderRow(env.app, order.id)).status === "cancelled");
    await stranger.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    env.stripe.succeed(intentId);
    const late = await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(409);
    expect(late.body.message).toBe("These tickets are no longer available. Your payment will be refunded.");
    await eventually(async () => env.stripe.refunds.some((r) => r.payment_intent === intentId));
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(0);
  });

  it("limits how many unpaid orders one buyer may hold", async () => {
    const crowd = await env.app.signIn("crowd@fans.test");
    const event = await insertEvent(env.app);
    for (let i = 0; i < 5; i++) await crowd.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
    const res = await crowd.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(429);
    expect(res.body.message).toMatch(/unpaid ticket orders/);
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(15);
  });
});

describe("the door's counts", () => {
  it("count an order as sold only once paid, and no longer once cancelled", async () => {
    const admin = await env.app.signIn(ADMIN_EMAIL);
    const { event, order, intentId } = await hold(3);
    const sold = async () => (await admin.get(`/api/events/${event.id}/check-in-summary`).expect(200)).body.soldTickets;
    expect(await sold()).toBe(0);
    env.stripe.succeed(intentId);
    await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(200);
    expect(await sold()).toBe(3);
    await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);
    expect(await sold()).toBe(0);
    const summaries = await admin.get("/api/events/check-in-summaries").expect(200);
    expect(summaries.body.find((s: { eventId: string }) => s.eventId === event.id)).toMatchObject({
      soldTickets: 0,
      checkedInTickets: 0,
    });
  });
});
