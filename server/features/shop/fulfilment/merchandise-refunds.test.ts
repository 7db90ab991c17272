import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { postWebhook, STRIPE_TEST_ENV } from "../../../test/payments";
import type { SmtpSink } from "../../../test/smtp-sink";
import type { StripeStandIn } from "../../../test/stripe-stand-in";
import { useShopApp } from "../shop-app.test-support";
import { insertPaidOrder, variantStock } from "./merchandise-fulfilment.test-support";
import { CANCELLING_MESSAGE } from "./fulfilment-rules";
import { PENDING_REFUND_MESSAGE } from "./cancellation";

const shop = useShopApp();
let stripe: StripeStandIn;
let sink: SmtpSink;
let app: TestApp;
let admin: Agent;
beforeAll(() => {
  ({ stripe, sink, app, admin } = shop);
});

const base = (id: string) => `/api/merchandise-orders/${id}`;

async function orderRow(id: string) {
  const [row] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
  return row;
}

const refundsOf = (intentId: string | null) =>
  stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount);

/** A refund made in Stripe's dashboard: straight at Stripe, the app not asked. */
async function dashboardRefund(intentId: string, cents?: number) {
  const body = new URLSearchParams({ payment_intent: intentId, ...(cents ? { amount: String(cents) } : {}) });
  const res = await fetch(`${stripe.url}/v1/refunds`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: body.toString(),
  });
  expect(res.status).toBe(200);
  return stripe
    .eventsOf(intentId)
    .filter((e) => e.type === "charge.refunded")
    .at(-1)!;
}

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 20));
}

describe("a cancellation racing a shipment", () => {
  it("refuses shipping while the cancellation waits on Stripe, then cancels with the money and stock accounted", async () => {
    const { order, lines, variants, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "RACE", quantity: 2, unitPrice: "10.00", tax: "1.60", stock: 0 },
    ]);
    stripe.setDelay(600);
    const cancelling = admin.post(`${base(order.id)}/cancel`).then((res) => res);
    await until(() => stripe.inFlight > 0);
    const ship = await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 2 }], carrier: "UPS", trackingNumber: "1ZRACE" });
    stripe.setDelay(0);
    expect(ship.status).toBe(409);
    expect(ship.body.message).toBe(CANCELLING_MESSAGE);
    const cancelled = await cancelling;
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", refundedAmount: "21.60", fulfilments: [] });
    expect(refundsOf(paymentIntentId)).toEqual([2160]);
    expect(await variantStock(app, variants[0].id)).toBe(2);
  });

  it("keeps the order cancelling after Stripe failed, and cancelling again finishes it once: stock and e-mail", async () => {
    const { order, lines, variants, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "RETRY", quantity: 1, unitPrice: "30.00", stock: 0 },
    ]);
    stripe.failNext("refund", 1);
    await admin.post(`${base(order.id)}/cancel`).expect(502);
    expect((await admin.get(base(order.id)).expect(200)).body).toMatchObject({ status: "paid", cancelling: true });
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1ZRETRY" })
      .expect(409);
    stripe.forgetIdempotencyKeys();
    const res = await admin.post(`${base(order.id)}/cancel`).expect(200);
    expect(res.body).toMatchObject({ status: "cancelled", cancelling: false });
    expect(refundsOf(paymentIntentId)).toEqual([3000]);
    expect(await variantStock(app, variants[0].id)).toBe(1);
    await sink.waitFor((m) => m.subject === `Your order is cancelled: order #${order.orderNumber}`);
  });
});

describe("a refund asked again after Stripe forgot its key (24 hours)", () => {
  it("finds the cancellation's refund already made and finishes without a second one", async () => {
    const { order, variants, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "DAYLATER", quantity: 1, unitPrice: "22.00", stock: 0 },
    ]);
    await admin.post(`${base(order.id)}/cancel`).expect(200);
    // As if the cancellation's second step had been lost: Stripe refunded, nothing recorded.
    await app.db
      .update(merchandiseOrders)
      .set({ status: "paid", paymentStatus: "paid", cancelledAt: null, cancellingAt: new Date(), refundedAmount: "0" })
      .where(eq(merchandiseOrders.id, order.id));
    stripe.forgetIdempotencyKeys();
    const res = await admin.post(`${base(order.id)}/cancel`).expect(200);
    expect(res.body).toMatchObject({ status: "cancelled", refundedAmount: "22.00" });
    expect(refundsOf(paymentIntentId)).toEqual([2200]);
    expect(await variantStock(app, variants[0].id)).toBe(2);
  });
});

describe("refunds made in Stripe's dashboard", () => {
  it("records a partial and then a full refund of a shipped order, which stays shipped, and tells the buyer", async () => {
    const { order, lines, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "DASH", quantity: 1, unitPrice: "40.00" },
    ]);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1ZDASH" })
      .expect(201);
    await postWebhook(app.agent(), await dashboardRefund(paymentIntentId!, 1500)).expect(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", refundedAmount: "15.00" });
    await postWebhook(app.agent(), await dashboardRefund(paymentIntentId!)).expect(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", refundedAmount: "40.00" });
    const mails = await sink.waitFor((m) => m.subject === `A refund on your order: order #${order.orderNumber}`, 2);
    expect(mails.map((m) => m.text).join("\n")).toContain("$25.00");
  });

  it("cancels an unshipped order refunded in full there: stock back, e-mail; cancelling it here refunds nothing more", async () => {
    const { order, variants, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "DASHFULL", quantity: 2, unitPrice: "8.00", stock: 0 },
    ]);
    await postWebhook(app.agent(), await dashboardRefund(paymentIntentId!)).expect(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", refundedAmount: "16.00" });
    expect(await variantStock(app, variants[0].id)).toBe(2);
    await admin.post(`${base(order.id)}/cancel`).expect(200);
    expect(refundsOf(paymentIntentId)).toEqual([1600]);
    expect(await variantStock(app, variants[0].id)).toBe(2);
    await sink.waitFor((m) => m.subject === `Your order is cancelled: order #${order.orderNumber}`);
  });
});

describe("POST /api/merchandise-orders/{id}/refunds", () => {
  it("refunds unshipped units line by line with their exact tax share, restocks if asked, and counts its own webhook once", async () => {
    const { order, lines, variants, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "LINE-A", quantity: 3, unitPrice: "10.00", tax: "1.00", stock: 0 },
      { sku: "LINE-B", quantity: 1, unitPrice: "5.00", stock: 0 },
    ]);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1ZLINE" })
      .expect(201);
    const first = await admin
      .post(`${base(order.id)}/refunds`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], restock: true })
      .expect(201);
    expect(first.body.refunds).toMatchObject([{ status: "refunded", amount: "10.33", restock: true }]);
    expect(first.body.lines[0]).toMatchObject({ shippedQuantity: 1, refundedQuantity: 1 });
    expect(await variantStock(app, variants[0].id)).toBe(1);
    // Stripe's report of that refund changes nothing more.
    const [reported] = stripe.eventsOf(paymentIntentId!).filter((e) => e.type === "charge.refunded");
    await postWebhook(app.agent(), reported).expect(200);
    expect((await orderRow(order.id)).refundedAmount).toBe("10.33");

    const rest = await admin
      .post(`${base(order.id)}/refunds`)
      .send({
        lines: [
          { lineId: lines[0].id, quantity: 1 },
          { lineId: lines[1].id, quantity: 1 },
        ],
        restock: false,
      })
      .expect(201);
    // 10.34 for the last unit (its tax share makes the line's 1.00 exact), 5.00 for line B.
    expect(rest.body).toMatchObject({ status: "shipped", refundedAmount: "25.67" });
    expect(refundsOf(paymentIntentId)).toEqual([1033, 1534]);
    expect(await variantStock(app, variants[1].id)).toBe(0);
    const mails = await sink.waitFor(
      (m) => m.subject === `Part of your order is refunded: order #${order.orderNumber}`,
      2,
    );
    expect(mails.map((m) => m.text).join("\n")).toContain("$15.34");

    // Nothing is left to ship: more is refused and changes nothing.
    const more = await admin
      .post(`${base(order.id)}/refunds`)
      .send({ lines: [{ lineId: lines[1].id, quantity: 1 }], restock: false })
      .expect(409);
    expect(more.body.message).toMatch(/Everything in this order has shipped/);
  });

  it("refuses more units than are left to ship, a line of another order, and a refund of all of an unshipped order", async () => {
    const { order, lines } = await insertPaidOrder(app, stripe, [{ sku: "REFUSE", quantity: 2, unitPrice: "6.00" }]);
    const other = await insertPaidOrder(app, stripe, [{ sku: "OTHER", quantity: 1, unitPrice: "6.00" }]);
    const tooMany = await admin
      .post(`${base(order.id)}/refunds`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 3 }], restock: false })
      .expect(409);
    expect(tooMany.body.message).toMatch(/Only 2 of REFUSE/);
    await admin
      .post(`${base(order.id)}/refunds`)
      .send({ lines: [{ lineId: other.lines[0].id, quantity: 1 }], restock: false })
      .expect(400);
    const all = await admin
      .post(`${base(order.id)}/refunds`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 2 }], restock: false })
      .expect(409);
    expect(all.body.message).toBe("Nothing of this order has shipped: cancel the order to refund all of it");
    expect(await admin.get(base(order.id)).expect(200)).toMatchObject({
      body: { refunds: [], refundedAmount: "0.00" },
    });
  });

  it("keeps a refund pending when Stripe fails; the same lines asked again refund it once", async () => {
    const { order, lines, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "PEND", quantity: 2, unitPrice: "7.00" },
    ]);
    stripe.failNext("refund", 1);
    const ask = { lines: [{ lineId: lines[0].id, quantity: 1 }], restock: false };
    await admin
      .post(`${base(order.id)}/refunds`)
      .send(ask)
      .expect(502);
    expect((await admin.get(base(order.id)).expect(200)).body.refunds).toMatchObject([{ status: "pending" }]);
    // Cancelling now would refund the pending units twice over: it waits for that refund.
    const cancel = await admin.post(`${base(order.id)}/cancel`).expect(409);
    expect(cancel.body.message).toBe(PENDING_REFUND_MESSAGE);
    const res = await admin
      .post(`${base(order.id)}/refunds`)
      .send(ask)
      .expect(201);
    expect(res.body.refunds).toMatchObject([{ status: "refunded", amount: "7.00" }]);
    expect(refundsOf(paymentIntentId)).toEqual([700]);
  });
});

describe("a cancellation after some units were refunded", () => {
  it("restocks only the units the order still holds", async () => {
    const { order, lines, variants, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "HELD", quantity: 3, unitPrice: "4.00", stock: 0 },
    ]);
    await admin
      .post(`${base(order.id)}/refunds`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], restock: true })
      .expect(201);
    expect(await variantStock(app, variants[0].id)).toBe(1);
    const res = await admin.post(`${base(order.id)}/cancel`).expect(200);
    expect(res.body).toMatchObject({ status: "cancelled", refundedAmount: "12.00" });
    expect(refundsOf(paymentIntentId)).toEqual([400, 800]);
    expect(await variantStock(app, variants[0].id)).toBe(3);
  });
});
