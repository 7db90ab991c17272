import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { issuedTickets, ticketPurchases } from "@shared/tickets.table";
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
let admin: Agent;
let buyer: Agent;

beforeAll(async () => {
  admin = await env.app.signIn(ADMIN_EMAIL);
  buyer = await env.app.signIn("buyer@fans.test");
});

/** A confirmed order: paid by card for a priced event, at once for a free one. */
async function confirmedOrder(eventId: string, quantity = 2) {
  const res = await buyer.post("/api/tickets").send({ eventId, quantity }).expect(201);
  if (res.body.status === "confirmed") return { order: res.body, intentId: null };
  const intentId = intentIdOf(res.body.clientSecret);
  env.stripe.succeed(intentId);
  await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(200);
  return { order: res.body, intentId };
}

/** Admits the order's ticket `position` as the door does (tested in check-ins.test.ts). */
async function admitTicket(orderId: string, position: number) {
  await env.app.db
    .update(issuedTickets)
    .set({ checkedInAt: new Date() })
    .where(and(eq(issuedTickets.orderId, orderId), eq(issuedTickets.position, position)));
}

async function cancellationParams(orderId: string) {
  const rows = await env.app.db.select().from(outboxMessages).where(eq(outboxMessages.aboutId, orderId));
  return rows.find((row) => row.template === "ticket-order-cancelled")?.params as
    { refund: string | null; reason: string } | undefined;
}

describe("cancelling an order (admin)", () => {
  it("returns the tickets, refunds the card once, e-mails the buyer, and the refund webhook marks it refunded once", async () => {
    const event = await insertEvent(env.app, { totalTickets: 4, availableTickets: 4 });
    const { order, intentId } = await confirmedOrder(event.id, 4);
    expect((await eventRow(env.app, event.id)).status).toBe("sold-out");

    const res = await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);
    expect(res.body.status).toBe("cancelled");
    expect(await eventRow(env.app, event.id)).toMatchObject({ availableTickets: 4, status: "on-sale" });
    expect(await cancellationParams(order.id)).toMatchObject({ reason: "admin", refund: "100.00" });
    await eventually(async () => Boolean((await orderRow(env.app, order.id)).refundId));

    await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);
    const refunded = env.stripe.chargeRefunded(intentId!);
    await postWebhook(env.app.agent(), refunded).expect(200);
    await postWebhook(env.app.agent(), refunded).expect(200);
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId!)).expect(200);
    expect(env.stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await orderRow(env.app, order.id)).toMatchObject({ status: "refunded" });
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(4);
    expect(await messagesAbout(env.app, order.id)).toEqual(["ticket-purchase-confirmation", "ticket-order-cancelled"]);
  });

  it("asks again a day later (Stripe has forgotten its key) and finds the refund already made, refunding once", async () => {
    const event = await insertEvent(env.app, { totalTickets: 4, availableTickets: 4 });
    const { order, intentId } = await confirmedOrder(event.id, 1);
    await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);
    await eventually(async () => Boolean((await orderRow(env.app, order.id)).refundId));
    const { refundId } = await orderRow(env.app, order.id);
    // As if the refund's id had not been written: the refunds job asks Stripe again.
    env.stripe.forgetIdempotencyKeys();
    await env.app.db.update(ticketPurchases).set({ refundId: null }).where(eq(ticketPurchases.id, order.id));
    await eventually(async () => Boolean((await orderRow(env.app, order.id)).refundId));
    expect((await orderRow(env.app, order.id)).refundId).toBe(refundId);
    expect(env.stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it("cancels a free order without a refund", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "0.00" });
    const { order } = await confirmedOrder(event.id);
    await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);
    expect(await cancellationParams(order.id)).toMatchObject({ refund: null });
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(20);
  });

  it("takes the tickets back when a standing order is refunded in Stripe's dashboard, and ignores partial refunds", async () => {
    const event = await insertEvent(env.app);
    const { order, intentId } = await confirmedOrder(event.id, 3);
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId!, true)).expect(200);
    expect((await orderRow(env.app, order.id)).status).toBe("confirmed");
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId!)).expect(200);
    expect((await orderRow(env.app, order.id)).status).toBe("refunded");
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(20);
  });

  it("refuses to cancel an order someone was admitted on, saying how many, and changes nothing", async () => {
    const event = await insertEvent(env.app);
    const { order, intentId } = await confirmedOrder(event.id, 3);
    await admitTicket(order.id, 2);

    const res = await admin.post(`/api/tickets/${order.id}/cancel`).expect(409);

    expect(res.body.message).toBe(
      "1 of these 3 tickets has already been used at the door; the order cannot be cancelled",
    );
    expect((await orderRow(env.app, order.id)).status).toBe("confirmed");
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(17);
    expect(await messagesAbout(env.app, order.id)).toEqual(["ticket-purchase-confirmation"]);
    expect(env.stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
  });

  it("gives back only the tickets not yet admitted when a standing order is refunded in Stripe's dashboard", async () => {
    const event = await insertEvent(env.app);
    const { order, intentId } = await confirmedOrder(event.id, 3);
    await admitTicket(order.id, 1);
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId!)).expect(200);
    expect((await orderRow(env.app, order.id)).status).toBe("refunded");
    // 20 less 3 bought, plus the 2 nobody came in on.
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(19);
  });

  it("is for administrators only, and answers 404 for unknown orders", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "0.00" });
    const { order } = await confirmedOrder(event.id);
    await buyer.post(`/api/tickets/${order.id}/cancel`).expect(403);
    await env.app.agent().post(`/api/tickets/${order.id}/cancel`).expect(401);
    await admin.post("/api/tickets/00000000-0000-4000-8000-000000000000/cancel").expect(404);
    expect((await orderRow(env.app, order.id)).status).toBe("confirmed");
  });

  it("lists an event's orders with their buyers for administrators", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "0.00" });
    const { order } = await confirmedOrder(event.id, 1);
    const res = await admin.get(`/api/events/${event.id}/orders`).expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        id: order.id,
        quantity: 1,
        status: "confirmed",
        buyerName: null,
        buyerEmail: "buyer@fans.test",
        checkedInTickets: 0,
      }),
    ]);
    await admitTicket(order.id, 1);
    expect((await admin.get(`/api/events/${event.id}/orders`).expect(200)).body[0].checkedInTickets).toBe(1);
    expect(res.body[0].paymentIntentId).toBeUndefined();
    await buyer.get(`/api/events/${event.id}/orders`).expect(403);
  });
});

describe("cancelling an event (admin)", () => {
  it("cancels and refunds every order through the job, e-mails each buyer once, and changes nothing more when repeated", async () => {
    const event = await insertEvent(env.app, { totalTickets: 40, availableTickets: 40 });
    const paid = [await confirmedOrder(event.id, 1), await confirmedOrder(event.id, 2)];
    const held = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
    // Someone is inside on this one: it stands, and is neither refunded nor given back.
    const inside = await confirmedOrder(event.id, 2);
    await admitTicket(inside.order.id, 1);

    await admin.post(`/api/events/${event.id}/cancel`).expect(202);
    expect((await eventRow(env.app, event.id)).status).toBe("cancelled");
    await eventually(
      async () => env.stripe.refunds.filter((r) => paid.some((p) => p.intentId === r.payment_intent)).length === 2,
    );
    for (const { order } of paid) {
      expect(await orderRow(env.app, order.id)).toMatchObject({ status: "cancelled", cancelReason: "event-cancelled" });
      expect(await cancellationParams(order.id)).toMatchObject({ reason: "event-cancelled" });
    }
    expect(await orderRow(env.app, held.body.id)).toMatchObject({ status: "cancelled" });
    expect(await messagesAbout(env.app, held.body.id)).toEqual([]);
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(38);
    expect((await orderRow(env.app, inside.order.id)).status).toBe("confirmed");
    expect(env.stripe.refunds.filter((r) => r.payment_intent === inside.intentId)).toEqual([]);

    await admin.post(`/api/events/${event.id}/cancel`).expect(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const { order } of paid)
      expect(await messagesAbout(env.app, order.id)).toEqual([
        "ticket-purchase-confirmation",
        "ticket-order-cancelled",
      ]);
    expect(env.stripe.refunds.filter((r) => paid.some((p) => p.intentId === r.payment_intent))).toHaveLength(2);
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(409);
  });

  it("is for administrators only", async () => {
    const event = await insertEvent(env.app);
    await buyer.post(`/api/events/${event.id}/cancel`).expect(403);
    await admin.post("/api/events/00000000-0000-4000-8000-000000000000/cancel").expect(404);
    expect((await eventRow(env.app, event.id)).status).toBe("on-sale");
  });
});
