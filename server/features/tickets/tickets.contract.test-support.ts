import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { events } from "@shared/events.table";
import type { ticketOrdersContract, ticketsContract } from "@shared/tickets";
import { ticketsApi } from "@shared/tickets.api";
import { issuedTickets, ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";
import { insertEvent as insertTestEvent } from "./tickets.test-support";

/** An on-sale event with room for every case's purchases. */
const insertEvent = (app: TestApp, values: Partial<typeof events.$inferInsert> = {}) =>
  insertTestEvent(app, { totalTickets: 50, availableTickets: 50, ...values });

/** A confirmed order of one ticket, written straight to the table (its ticket is issued by the database). */
async function insertOrder(app: TestApp, eventId: string) {
  const [buyer] = await app.db
    .insert(users)
    .values({ email: `buyer-${crypto.randomUUID()}@contract.test`, firstName: "Ada" })
    .returning();
  const [row] = await app.db
    .insert(ticketPurchases)
    .values({
      eventId,
      userId: buyer.id,
      quantity: 1,
      totalAmount: "25.00",
      confirmationCode: crypto.randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase(),
      paidAt: new Date(),
    })
    .returning();
  return row;
}

/** The purchase's own path and the published one answer alike. */
const PURCHASE_PATHS = [ticketsApi.paymentIntent.path, ...ticketsApi.paymentIntent.aliases];

/** Each ticket route's answers, for server/contract.test.ts. */
export const ticketsCases: ContractCases<typeof ticketsContract> = {
  async paymentIntent({ app, send }) {
    const free = await insertEvent(app, { ticketPrice: "0.00" });
    const priced = await insertEvent(app);
    const cancelled = await insertEvent(app, { status: "cancelled" });
    for (const path of PURCHASE_PATHS) {
      const confirmed = await send("member", { body: { eventId: free.id, quantity: 2 } }, 201, path);
      expect(confirmed.body).toMatchObject({ status: "confirmed" });
      await send("member", { body: { eventId: free.id, quantity: 0 } }, 400, path);
      await send("member", { body: { eventId: crypto.randomUUID(), quantity: 1 } }, 404, path);
      await send("member", { body: { eventId: cancelled.id, quantity: 1 } }, 409, path);
    }
    // A priced order is held while the card is paid.
    for (const path of PURCHASE_PATHS) {
      const held = await send("member", { body: { eventId: priced.id, quantity: 1 } }, 201, path);
      expect(held.body).toMatchObject({ status: "pending", clientSecret: expect.any(String) });
    }
  },
  async complete({ app, send, stripe }) {
    // A held order of the member's with its card payment, as a purchase leaves them.
    const priced = await insertEvent(app);
    const [member] = await app.db.select().from(users).where(eq(users.email, "member@contract.test"));
    const intentId = `pi_contract_${crypto.randomUUID().replace(/-/g, "")}`;
    const [order] = await app.db
      .insert(ticketPurchases)
      .values({
        eventId: priced.id,
        userId: member.id,
        quantity: 1,
        totalAmount: "25.00",
        status: "pending",
        confirmationCode: crypto.randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase(),
        holdExpiresAt: new Date(Date.now() + 10 * 60_000),
        paymentIntentId: intentId,
      })
      .returning();
    stripe.intents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount: 2500,
      currency: "usd",
      status: "requires_payment_method",
      client_secret: `${intentId}_secret_contract`,
      metadata: { ticketPurchaseId: order.id },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      last_payment_error: null,
      automatic_payment_methods: { enabled: true },
    });
    await send("member", { body: { paymentIntentId: intentId } }, 409);
    stripe.succeed(intentId);
    const done = await send("member", { body: { paymentIntentId: intentId } }, 200);
    expect(done.body).toMatchObject({ status: "confirmed" });
    await send("admin", { body: { paymentIntentId: intentId } }, 404);
    await send("member", { body: {} }, 400);
  },
  async my({ send }) {
    const mine = await send("member", {}, 200);
    expect(mine.body).not.toEqual([]);
  },
};

/** Each route of the administrators' orders, for server/contract.test.ts. */
export const ticketOrdersCases: ContractCases<typeof ticketOrdersContract> = {
  async cancel({ app, send }) {
    const event = await insertEvent(app);
    const order = await insertOrder(app, event.id);
    await send("admin", { params: { id: order.id } }, 200);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
    const admitted = await insertOrder(app, event.id);
    await app.db.update(issuedTickets).set({ checkedInAt: new Date() }).where(eq(issuedTickets.orderId, admitted.id));
    await send("admin", { params: { id: admitted.id } }, 409);
  },
  async eventOrders({ app, send }) {
    const event = await insertEvent(app);
    await insertOrder(app, event.id);
    const orders = await send("admin", { params: { id: event.id } }, 200);
    expect(orders.body).toHaveLength(1);
    await send("admin", { params: { id: "not-an-id" } }, 404);
  },
  async cancelEvent({ app, send }) {
    const event = await insertEvent(app);
    await insertOrder(app, event.id);
    await send("admin", { params: { id: event.id } }, 202);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
};
