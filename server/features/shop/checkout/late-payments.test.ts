import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL, cartOrder, intentIdOf, postWebhook, STRIPE_TEST_ENV } from "../../../test/payments";
import { startStripeStandIn, type StripeStandIn } from "../../../test/stripe-stand-in";
import { SOLD_OUT_MESSAGE } from "./order-payments";
import { RESERVATION_TTL_MS } from "./order-settlement";

// Payments that arrive after their hold was released, and carts that cross each other, on real
// PostgreSQL with the Stripe stand-in.
let stripe: StripeStandIn;
let app: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await startTestApp({
    env: {
      ...STRIPE_TEST_ENV,
      STRIPE_API_BASE: stripe.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      // A proxy on loopback, so each buyer can speak from an address of its own.
      TRUST_PROXY: "loopback",
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
    },
    workers: true,
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

let counter = 0;
/** An item without options and its one variant, with `stock` on the shelf. */
async function itemWithStock(stock: number) {
  counter += 1;
  const [item] = await app.db
    .insert(merchandise)
    .values({ name: `Late Tee ${counter}`, price: "30.00", stockQuantity: stock })
    .returning();
  const [variant] = await app.db
    .select()
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.merchandiseId, item.id));
  return { item, variantId: variant.id };
}

async function stockOf(variantId: string) {
  const [row] = await app.db
    .select({ stock: merchandiseVariants.stockQuantity })
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.id, variantId));
  return row.stock;
}

async function orderRow(id: string) {
  const [row] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
  return row;
}

const refundMails = (orderId: string) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.template, "merchandise-order-refunded"), eq(outboxMessages.aboutId, orderId)));

describe("a payment that succeeds after its hold was released", () => {
  it("after a declined card, with the stock sold meanwhile: refunded once, with an e-mail, nothing oversold", async () => {
    const { variantId } = await itemWithStock(1);
    const late = await cartOrder(app, [{ variantId, quantity: 1 }], "late@fans.test").expect(201);
    const intentId = intentIdOf(late.body.clientSecret);
    // The card is declined: the hold is released and someone else buys the last one.
    stripe.fail(intentId);
    await postWebhook(app.agent(), stripe.event("payment_intent.payment_failed", intentId)).expect(200);
    expect(await stockOf(variantId)).toBe(1);
    await cartOrder(app, [{ variantId, quantity: 1 }], "quick@fans.test").expect(201);
    expect(await stockOf(variantId)).toBe(0);

    // Another card on the same PaymentIntent goes through.
    stripe.succeed(intentId);
    const succeeded = stripe.event("payment_intent.succeeded", intentId);
    await postWebhook(app.agent(), succeeded).expect(200);
    await postWebhook(app.agent(), succeeded).expect(200);
    const completion = await app
      .agent()
      .post("/api/merchandise-orders/complete")
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(completion.body.message).toBe(SOLD_OUT_MESSAGE);

    expect(await stockOf(variantId)).toBe(0);
    await expect.poll(async () => (await orderRow(late.body.orderId)).paymentStatus).toBe("refunded");
    expect(await orderRow(late.body.orderId)).toMatchObject({
      status: "cancelled",
      refundedAmount: late.body.total,
    });
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: 3000 }),
    ]);
    expect(await refundMails(late.body.orderId)).toEqual([
      expect.objectContaining({
        recipient: "late@fans.test",
        params: expect.objectContaining({ cancelled: true, soldOut: true, amount: late.body.total }),
      }),
    ]);
    // Stripe's own report of the refund changes nothing more.
    await postWebhook(app.agent(), stripe.chargeRefunded(intentId)).expect(200);
    expect(await stockOf(variantId)).toBe(0);
    expect(await refundMails(late.body.orderId)).toHaveLength(1);
  });

  it("after the hold expired: the completion call says so and the refund is asked for again until Stripe has it", async () => {
    const { variantId } = await itemWithStock(2);
    const late = await cartOrder(app, [{ variantId, quantity: 2 }], "slow@fans.test").expect(201);
    const intentId = intentIdOf(late.body.clientSecret);
    await app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - RESERVATION_TTL_MS - 60_000) })
      .where(eq(merchandiseOrders.id, late.body.orderId));
    await expect.poll(() => stockOf(variantId), { timeout: 10_000 }).toBe(2);
    await cartOrder(app, [{ variantId, quantity: 1 }], "taker@fans.test").expect(201);

    stripe.succeed(intentId);
    stripe.failNext("refund", 1);
    const completion = await app
      .agent()
      .post("/api/merchandise-orders/complete")
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(completion.body.message).toBe(SOLD_OUT_MESSAGE);
    // One unit is there, but the order is for two: none is taken.
    expect(await stockOf(variantId)).toBe(1);
    // Stripe refused the first attempt; the sweep asks again.
    await expect
      .poll(async () => (await orderRow(late.body.orderId)).paymentStatus, { timeout: 10_000 })
      .toBe("refunded");
    expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await refundMails(late.body.orderId)).toHaveLength(1);
  });

  it("takes the stock again when it is still there, as before", async () => {
    const { variantId } = await itemWithStock(3);
    const order = await cartOrder(app, [{ variantId, quantity: 2 }], "retry@fans.test").expect(201);
    const intentId = intentIdOf(order.body.clientSecret);
    stripe.fail(intentId);
    await postWebhook(app.agent(), stripe.event("payment_intent.payment_failed", intentId)).expect(200);
    stripe.succeed(intentId);
    await app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId: intentId }).expect(200);
    expect(await stockOf(variantId)).toBe(1);
    expect(await orderRow(order.body.orderId)).toMatchObject({ status: "paid", paymentStatus: "paid" });
    expect(await refundMails(order.body.orderId)).toHaveLength(0);
  });
});

describe("carts crossing the same items", () => {
  it("20 checkouts of different variants of the same two items, in opposite orders: no 500, no oversell", async () => {
    // Two items with two variants each, their ids chosen so that the first cart's variants sort
    // item A before item B and the second cart's item B before item A.
    const ids = (n: number) => `${String(n).padStart(8, "0")}-0000-4000-8000-${String(counter).padStart(12, "0")}`;
    counter += 1;
    const [a, b] = await app.db
      .insert(merchandise)
      .values([
        { name: `Crossed A ${counter}`, price: "10.00", stockQuantity: 0 },
        { name: `Crossed B ${counter}`, price: "10.00", stockQuantity: 0 },
      ])
      .returning();
    const stock = 6;
    const variant = async (id: string, merchandiseId: string, size: string) =>
      app.db
        .insert(merchandiseVariants)
        .values({ id, merchandiseId, sku: `X-${id}`, options: { Size: size }, stockQuantity: stock });
    const a1 = ids(1);
    const b1 = ids(2);
    const b2 = ids(3);
    const a2 = ids(4);
    await variant(a1, a.id, "S");
    await variant(b1, b.id, "S");
    await variant(b2, b.id, "M");
    await variant(a2, a.id, "M");

    // Widens the race as a busy database would: after each of these variants' stock moves (and
    // its item's total with it, by the stock trigger that fires first), the statement pauses.
    // Locking only as rows are met, one cart then holds item A and waits for B while the other
    // holds B and waits for A.
    await app.db.execute(sql`
      create or replace function test_slow_stock_change() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.05); return null; end $$`);
    await app.db.execute(sql`
      create trigger merchandise_variants_zz_test_slow after update of stock_quantity on merchandise_variants
      for each row when (new.sku like 'X-%') execute function test_slow_stock_change()`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const items =
          i % 2 === 0
            ? [
                { variantId: a1, quantity: 1 },
                { variantId: b1, quantity: 1 },
              ]
            : [
                { variantId: a2, quantity: 1 },
                { variantId: b2, quantity: 1 },
              ];
        return cartOrder(app, i % 4 < 2 ? items : [...items].reverse(), `crossed${i}@fans.test`, {
          from: `198.51.100.${i + 1}`,
        });
      }),
    );
    await app.db.execute(sql`drop trigger merchandise_variants_zz_test_slow on merchandise_variants`);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2 * stock);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - 2 * stock);
    const shelves = await app.db
      .select({ id: merchandiseVariants.id, stock: merchandiseVariants.stockQuantity })
      .from(merchandiseVariants)
      .where(inArray(merchandiseVariants.id, [a1, a2, b1, b2]));
    expect(shelves.map((s) => s.stock)).toEqual([0, 0, 0, 0]);
    // Every unit taken is on exactly one order's line.
    const lines = await app.db
      .select({ units: merchandiseOrderLines.quantity })
      .from(merchandiseOrderLines)
      .where(inArray(merchandiseOrderLines.variantId, [a1, a2, b1, b2]));
    expect(lines.reduce((n, line) => n + line.units, 0)).toBe(4 * stock);
    const items = await app.db
      .select({ stock: merchandise.stockQuantity })
      .from(merchandise)
      .where(inArray(merchandise.id, [a.id, b.id]));
    expect(items.map((i) => i.stock)).toEqual([0, 0]);
  });
});
