import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import { ONE_ITEM_CHECKOUT_RETIRED } from "@shared/merchandise-orders";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import { startTestApp } from "../../../test/app-harness";
import {
  ADMIN_EMAIL,
  cartOrder,
  insertMerchandise,
  intentIdOf,
  postWebhook,
  setUpPaymentsApp,
} from "../../../test/payments";

const env = setUpPaymentsApp();

async function stockOf(id: string) {
  const [row] = await env.app.db
    .select({ stock: merchandise.stockQuantity })
    .from(merchandise)
    .where(eq(merchandise.id, id));
  return row.stock;
}

/** The orders with a line of this item. */
async function ordersFor(id: string) {
  const rows = await env.app.db
    .select({ order: merchandiseOrders })
    .from(merchandiseOrders)
    .innerJoin(merchandiseOrderLines, eq(merchandiseOrderLines.orderId, merchandiseOrders.id))
    .where(eq(merchandiseOrderLines.merchandiseId, id));
  return rows.map((row) => row.order);
}

/** The one variant of an item without options (what the cart sells of it). */
async function variantOf(merchandiseId: string) {
  const [row] = await env.app.db
    .select({ id: merchandiseVariants.id })
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.merchandiseId, merchandiseId));
  return row?.id ?? "00000000-0000-4000-8000-000000000000";
}

/** Buys an item (its one variant) through the cart, as every page does. */
async function checkout(merchandiseId: string, quantity = 1, customerEmail = "fan@label.test") {
  return cartOrder(env.app, [{ variantId: await variantOf(merchandiseId), quantity }], customerEmail);
}

async function startOrder(merchandiseId: string, quantity = 1) {
  const res = await checkout(merchandiseId, quantity);
  expect(res.status).toBe(201);
  return { orderId: res.body.orderId as string, intentId: intentIdOf(res.body.clientSecret) };
}

describe("the retired one-item checkout", () => {
  it("answers 410 pointing to the cart, whatever it is sent, and holds or charges nothing", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 5 });
    const intentsBefore = env.stripe.intents.size;
    for (const body of [{ merchandiseId: item.id, quantity: 2, customerEmail: "old@page.test" }, {}, { x: 1 }]) {
      const res = await env.app.agent().post("/api/merchandise-orders/payment-intent").send(body).expect(410);
      expect(res.body).toEqual({ message: ONE_ITEM_CHECKOUT_RETIRED });
    }
    expect(await stockOf(item.id)).toBe(5);
    expect(env.stripe.intents.size).toBe(intentsBefore);
    expect(
      await env.app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, "old@page.test")),
    ).toHaveLength(0);
    const openapi = await env.app.agent().get("/api/openapi.json").expect(200);
    expect(openapi.body.paths["/api/merchandise-orders/payment-intent"].post).toMatchObject({ deprecated: true });
  });
});

describe("buying an item through the cart", () => {
  it("reserves the stock, records the order at the server's price and creates the PaymentIntent", async () => {
    const item = await insertMerchandise(env.app, { price: "19.99", stockQuantity: 5 });
    const { orderId, intentId } = await startOrder(item.id, 3);

    expect(await stockOf(item.id)).toBe(2);
    const [order] = await ordersFor(item.id);
    expect(order).toMatchObject({
      id: orderId,
      subtotal: "59.97",
      totalAmount: "59.97",
      customerEmail: "fan@label.test",
      paymentStatus: "pending",
      paymentIntentId: intentId,
      paidAt: null,
    });
    expect(env.stripe.intents.get(intentId)).toMatchObject({
      amount: 5997,
      currency: "usd",
      metadata: { merchandiseOrderId: orderId },
    });
  });

  it("never drives stock below zero: 100 concurrent checkouts of 10 items, exactly 10 succeed", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => checkout(item.id, 1, `buyer${i}@label.test`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    expect(await stockOf(item.id)).toBe(0);
    expect(await ordersFor(item.id)).toHaveLength(10);
  });

  it("says how many are left, when it is out of stock, unavailable or unknown", async () => {
    const few = await insertMerchandise(env.app, { stockQuantity: 3 });
    expect((await checkout(few.id, 4)).body.message).toBe("Only 3 left of Tour Shirt");
    const none = await insertMerchandise(env.app, { stockQuantity: 0 });
    expect((await checkout(none.id)).body.message).toBe("Only 0 left of Tour Shirt");
    const hidden = await insertMerchandise(env.app, { isAvailable: 0 });
    expect((await checkout(hidden.id)).body.message).toBe("Tour Shirt is not available");
    expect((await checkout("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await checkout(few.id, 0)).status).toBe(400);
    expect(await stockOf(few.id)).toBe(3);
  });

  it("holds the stock of an unpaid checkout, so nobody else can take it meanwhile", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 1 });
    const { orderId } = await startOrder(item.id, 1);
    // Nine minutes in, the hold (released by the scheduled job once older than ten) still stands.
    await env.app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - 9 * 60 * 1000) })
      .where(eq(merchandiseOrders.id, orderId));
    expect((await checkout(item.id, 1, "second@label.test")).status).toBe(409);
    expect(await stockOf(item.id)).toBe(0);
  });

  it("refuses more than the item's per-order maximum (10 unless an admin changed it) with a 400, holding nothing", async () => {
    const plenty = await insertMerchandise(env.app, { stockQuantity: 500 });
    const over = await checkout(plenty.id, 11);
    expect(over.body).toEqual({
      message: "At most 10 of Tour Shirt per order",
      fieldErrors: { items: ["At most 10 of Tour Shirt per order"] },
    });
    expect((await checkout(plenty.id, 10)).status).toBe(201);
    expect(await stockOf(plenty.id)).toBe(490);

    const limited = await insertMerchandise(env.app, { stockQuantity: 500, maxPerOrder: 2 });
    expect((await checkout(limited.id, 3)).body.message).toBe("At most 2 of Tour Shirt per order");
    // The schema's own ceiling still applies before the item is looked at.
    expect((await checkout(limited.id, 1001)).status).toBe(400);
    expect(await stockOf(limited.id)).toBe(500);
    expect(await ordersFor(limited.id)).toHaveLength(0);
  });

  it("lets an admin set the per-order maximum, between 1 and 1000", async () => {
    const admin = await env.app.signIn(ADMIN_EMAIL);
    const created = await admin
      .post("/api/merchandise")
      .send({ name: "Vinyl", price: "30.00", stockQuantity: 20 })
      .expect(201);
    expect(created.body.maxPerOrder).toBe(10);
    const updated = await admin.patch(`/api/merchandise/${created.body.id}`).send({ maxPerOrder: 1 }).expect(200);
    expect(updated.body.maxPerOrder).toBe(1);
    await admin.patch(`/api/merchandise/${created.body.id}`).send({ maxPerOrder: 0 }).expect(400);
    const publicList = await env.app.agent().get("/api/merchandise").expect(200);
    expect(publicList.body.find((i: { id: string }) => i.id === created.body.id)).toMatchObject({ maxPerOrder: 1 });
    expect((await checkout(created.body.id, 2)).body.message).toBe("At most 1 of Vinyl per order");
  });

  it("puts the stock back and keeps no order when Stripe fails", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 4 });
    env.stripe.failNextCreates(1);
    expect((await checkout(item.id, 2)).status).toBe(502);
    expect(await stockOf(item.id)).toBe(4);
    expect(await ordersFor(item.id)).toHaveLength(0);
  });
});

describe("settling merchandise orders", () => {
  it("completes only after Stripe says succeeded, and completing twice is harmless", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 2 });
    const { orderId, intentId } = await startOrder(item.id);
    const unpaid = await env.app
      .agent()
      .post("/api/merchandise-orders/complete")
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(unpaid.body.message).toBe("Payment has not completed");

    env.stripe.succeed(intentId);
    const first = await env.app
      .agent()
      .post("/api/merchandise-orders/complete")
      .send({ paymentIntentId: intentId })
      .expect(200);
    expect(first.body).toMatchObject({ id: orderId, paymentStatus: "paid" });
    expect(first.body).not.toHaveProperty("customerEmail");
    expect((await ordersFor(item.id))[0].paidAt).toBeTruthy();
    await env.app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId: intentId }).expect(200);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await ordersFor(item.id)).map((o) => o.paymentStatus)).toEqual(["paid"]);
    expect(await stockOf(item.id)).toBe(1);
  });

  it("payment_failed restores the reserved stock once, however often it is reported", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 5 });
    const { intentId } = await startOrder(item.id, 2);
    expect(await stockOf(item.id)).toBe(3);

    env.stripe.fail(intentId);
    const event = env.stripe.event("payment_intent.payment_failed", intentId);
    await postWebhook(env.app.agent(), event).expect(200);
    await postWebhook(env.app.agent(), event).expect(200);
    // A second decline is a new event for the same order.
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.payment_failed", intentId)).expect(200);

    expect(await stockOf(item.id)).toBe(5);
    expect((await ordersFor(item.id))[0].paymentStatus).toBe("failed");
  });

  it("a success after a decline takes the released stock again", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 5 });
    const { intentId } = await startOrder(item.id, 2);
    env.stripe.fail(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.payment_failed", intentId)).expect(200);
    expect(await stockOf(item.id)).toBe(5);

    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect(await stockOf(item.id)).toBe(3);
    expect((await ordersFor(item.id))[0].paymentStatus).toBe("paid");
  });

  it("a refund reported before the payment's success returns the stock once, and the success never pays the order", async () => {
    const item = await insertMerchandise(env.app, { stockQuantity: 5 });
    const { orderId, intentId } = await startOrder(item.id, 2);
    env.stripe.succeed(intentId);
    const [succeeded] = env.stripe.eventsOf(intentId);
    const refunded = env.stripe.chargeRefunded(intentId);
    await postWebhook(env.app.agent(), refunded).expect(200);
    await postWebhook(env.app.agent(), refunded).expect(200);
    expect(await stockOf(item.id)).toBe(5);

    await postWebhook(env.app.agent(), succeeded).expect(200);
    const completion = await env.app
      .agent()
      .post("/api/merchandise-orders/complete")
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(completion.body.message).toBe("This payment was refunded. The order is not confirmed.");
    expect(await stockOf(item.id)).toBe(5);
    const [order] = await ordersFor(item.id);
    expect(order).toMatchObject({ id: orderId, paymentStatus: "refunded", paidAt: null });
    const confirmations = await env.app.database.pool.query(
      "select 1 from outbox_messages where about_type = 'merchandise_order' and about_id = $1",
      [orderId],
    );
    expect(confirmations.rowCount).toBe(0);
  });

  it("GET /api/merchandise-orders is for administrators", async () => {
    const item = await insertMerchandise(env.app, { name: "Poster", price: "10.00" });
    const { orderId } = await startOrder(item.id);
    await env.app.agent().get("/api/merchandise-orders").expect(401);
    await (await env.app.signIn("fan@label.test")).get("/api/merchandise-orders").expect(403);
    const res = await (await env.app.signIn(ADMIN_EMAIL)).get("/api/merchandise-orders").expect(200);
    expect(res.body[0]).toMatchObject({
      id: orderId,
      itemName: null,
      totalAmount: "10.00",
      paymentStatus: "pending",
    });
    expect(res.body[0]).not.toHaveProperty("clientAddress");
  });
});

describe("merchandise checkout without Stripe configured", () => {
  it("answers 503 and leaves the stock alone", async () => {
    const bare = await startTestApp();
    try {
      const item = await insertMerchandise(bare, { stockQuantity: 3 });
      const [variant] = await bare.db
        .select({ id: merchandiseVariants.id })
        .from(merchandiseVariants)
        .where(eq(merchandiseVariants.merchandiseId, item.id));
      const res = await cartOrder(bare, [{ variantId: variant.id, quantity: 1 }], "a@b.test");
      expect(res.status).toBe(503);
      expect(res.body.message).toBe("Payment processing is not available at this time. Please contact support.");
      const [row] = await bare.db.select().from(merchandise).where(eq(merchandise.id, item.id));
      expect(row.stockQuantity).toBe(3);
      expect(await bare.db.select().from(merchandiseOrders)).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});
