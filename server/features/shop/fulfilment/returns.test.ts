import { beforeAll, describe, expect, it } from "vitest";
import type { Agent, TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL, postWebhook } from "../../../test/payments";
import type { SmtpSink } from "../../../test/smtp-sink";
import type { StripeStandIn } from "../../../test/stripe-stand-in";
import { base, messagesAbout, orderRow, orderTokens, useFulfilmentApp } from "./fulfilment-app.test-support";
import { insertPaidOrder, variantStock } from "./merchandise-fulfilment.test-support";
import { lineRefundCents } from "./fulfilment-rules";

const shop = useFulfilmentApp();
let app: TestApp;
let admin: Agent;
let stripe: StripeStandIn;
let sink: SmtpSink;
beforeAll(() => {
  ({ app, admin, stripe, sink } = shop);
});

describe("returns", () => {
  it("gives back a line's tax to the cent however its units come back", () => {
    const line = { quantity: 3, unitPrice: "10.00", tax: "2.00" };
    // 2.00 over 3 units: 0.67, 0.66, 0.67 (running totals rounded half up: 67, 133, 200).
    expect(lineRefundCents(line, 0, 1)).toBe(1067);
    expect(lineRefundCents(line, 1, 1)).toBe(1066);
    expect(lineRefundCents(line, 2, 1)).toBe(1067);
    expect(lineRefundCents(line, 0, 3)).toBe(3200);
  });

  it("the buyer asks by the order's link; the admin approves with restock: refund in exact cents, stock back, e-mail", async () => {
    const { order, lines, variants, paymentIntentId } = await insertPaidOrder(
      app,
      stripe,
      [
        { sku: "HOOD", options: { Size: "M" }, quantity: 3, unitPrice: "45.00", tax: "10.13", stock: 4 },
        { sku: "PIN", quantity: 1, unitPrice: "3.50", tax: "0.27" },
      ],
      { shipping: "6.00" },
    );
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({
        lines: [
          { lineId: lines[0].id, quantity: 3 },
          { lineId: lines[1].id, quantity: 1 },
        ],
        carrier: "USPS",
        trackingNumber: "9400111",
      })
      .expect(201);

    const token = orderTokens.sign(order.id);
    const asked = await app
      .agent()
      .post(`/api/orders/${token}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 2 }], reason: "Too small" })
      .expect(201);
    expect(asked.body).toMatchObject({ status: "requested", reason: "Too small", refundAmount: null });
    await app
      .agent()
      .post(`/api/orders/${token}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 4 }], reason: "All" })
      .expect(409);
    await app
      .agent()
      .post(`/api/orders/${orderTokens.sign("00000000-0000-4000-8000-000000000000")}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], reason: "x" })
      .expect(404);
    await app
      .agent()
      .post(`/api/orders/${token}x/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], reason: "x" })
      .expect(404);

    const approved = await admin
      .post(`${base(order.id)}/returns`)
      .send({ returnId: asked.body.id, restock: true })
      .expect(201);
    // 2 × 45.00 + their share of 10.13 over 3 units (6.75) = 96.75.
    expect(approved.body.returns[0]).toMatchObject({ status: "refunded", restock: true, refundAmount: "96.75" });
    expect(approved.body.refundedAmount).toBe("96.75");
    expect(approved.body.status).toBe("shipped");
    expect(approved.body.lines[0].returnedQuantity).toBe(2);
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount)).toEqual([9675]);
    expect(await variantStock(app, variants[0].id)).toBe(6);
    // Stripe's charge.refunded for this part of the charge leaves the order as it is.
    const [partial] = stripe.eventsOf(paymentIntentId!).filter((e) => e.type === "charge.refunded");
    await postWebhook(app.agent(), partial).expect(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "shipped", paymentStatus: "paid" });

    // Approving it again is refused; the refund is not repeated.
    await admin
      .post(`${base(order.id)}/returns`)
      .send({ returnId: asked.body.id, restock: true })
      .expect(409);

    // The rest comes back without restock: the last unit's tax share makes the line's tax whole.
    const rest = await admin
      .post(`${base(order.id)}/returns`)
      .send({
        lines: [
          { lineId: lines[0].id, quantity: 1 },
          { lineId: lines[1].id, quantity: 1 },
        ],
        restock: false,
      })
      .expect(201);
    // 45.00 + (10.13 − 6.75) + 3.50 + 0.27 = 52.15
    expect(rest.body.returns[1]).toMatchObject({ status: "refunded", restock: false, refundAmount: "52.15" });
    expect(rest.body.status).toBe("returned");
    expect(rest.body.refundedAmount).toBe("148.90");
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount)).toEqual([
      9675, 5215,
    ]);
    expect(await variantStock(app, variants[0].id)).toBe(6);
    // Each refund's idempotency key names its return.
    const keys = stripe.requests.filter((r) => r.path === "/v1/refunds").map((r) => r.idempotencyKey ?? "");
    expect(keys.filter((k) => k.startsWith(`merchandise-return-${asked.body.id}-`))).toHaveLength(1);

    const mails = await sink.waitFor((m) => m.subject === `Your return is refunded: order #${order.orderNumber}`, 2);
    expect(mails.map((m) => m.text).join("\n")).toContain("$96.75");
    expect(mails.map((m) => m.text).join("\n")).toContain("$52.15");
  });

  it("tells the admins once of a request; rejecting it refunds nothing, tells the buyer, and only a requested return can be rejected", async () => {
    const { order, lines, variants, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "REJ", options: { Size: "L" }, quantity: 2, unitPrice: "20.00", tax: "1.60", stock: 5 },
    ]);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 2 }], carrier: "UPS", trackingNumber: "1ZREJ" })
      .expect(201);
    const token = orderTokens.sign(order.id);
    const asked = await app
      .agent()
      .post(`/api/orders/${token}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], reason: "Arrived torn" })
      .expect(201);

    const notices = await messagesAbout("merchandise_return", asked.body.id);
    expect(notices.map((m) => [m.template, m.recipient])).toEqual([["merchandise-return-requested", ADMIN_EMAIL]]);
    const [notice] = await sink.waitFor(
      (m) => m.subject === `Return requested: order #${order.orderNumber} (${order.customerEmail})`,
    );
    expect(notice.text).toContain("Arrived torn");
    expect(notice.text).toContain(lines[0].sku);

    const stockBefore = await variantStock(app, variants[0].id);
    const rejected = await admin
      .post(`${base(order.id)}/returns/${asked.body.id}/reject`)
      .send({ reason: "The tear is from wear" })
      .expect(200);
    expect(rejected.body.returns[0]).toMatchObject({ id: asked.body.id, status: "rejected", refundAmount: null });
    expect(rejected.body).toMatchObject({ status: "shipped", refundedAmount: "0.00" });
    expect(rejected.body.lines[0].returnedQuantity).toBe(0);
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntentId)).toEqual([]);
    expect(await variantStock(app, variants[0].id)).toBe(stockBefore);
    const [mail] = await sink.waitFor((m) => m.subject === `Your return was not accepted: order #${order.orderNumber}`);
    expect(mail.to).toMatchObject({ text: order.customerEmail });
    expect(mail.text).toContain("The tear is from wear");

    // Settled: rejecting or approving it again is refused, and nothing more is queued.
    const again = await admin
      .post(`${base(order.id)}/returns/${asked.body.id}/reject`)
      .send({})
      .expect(409);
    expect(again.body.message).toBe("This return has already been rejected");
    await admin
      .post(`${base(order.id)}/returns`)
      .send({ returnId: asked.body.id, restock: true })
      .expect(409);
    expect((await messagesAbout("merchandise_return", asked.body.id)).map((m) => m.template).sort()).toEqual([
      "merchandise-return-rejected",
      "merchandise-return-requested",
    ]);
    await admin
      .post(`${base(order.id)}/returns/00000000-0000-4000-8000-000000000000/reject`)
      .send({})
      .expect(404);
    await admin
      .post(`${base(order.id)}/returns/${asked.body.id}/reject`)
      .send({ reason: 5 })
      .expect(400);

    // An approved (refunded) return can't be rejected.
    const second = await app
      .agent()
      .post(`/api/orders/${token}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], reason: "Too big" })
      .expect(201);
    await admin
      .post(`${base(order.id)}/returns`)
      .send({ returnId: second.body.id, restock: false })
      .expect(201);
    const late = await admin
      .post(`${base(order.id)}/returns/${second.body.id}/reject`)
      .send({})
      .expect(409);
    expect(late.body.message).toBe("This return has already been approved, so it can't be rejected");
    // A signed-out visitor or a member can't reject.
    await app
      .agent()
      .post(`${base(order.id)}/returns/${second.body.id}/reject`)
      .send({})
      .expect(401);
  });

  it("refuses a return of units that have not shipped", async () => {
    const { order, lines } = await insertPaidOrder(app, stripe, [{ sku: "NOTYET", quantity: 2, unitPrice: "8.00" }]);
    await admin
      .post(`${base(order.id)}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], restock: true })
      .expect(409);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z1" })
      .expect(201);
    expect(
      (
        await admin
          .post(`${base(order.id)}/returns`)
          .send({ lines: [{ lineId: lines[0].id, quantity: 2 }], restock: true })
          .expect(409)
      ).body.message,
    ).toBe(`Only 1 of ${lines[0].sku} left to return`);
  });

  it("keeps an approved return when Stripe fails, and approving it again refunds it once", async () => {
    const { order, lines, paymentIntentId } = await insertPaidOrder(app, stripe, [
      { sku: "OUTAGE", quantity: 1, unitPrice: "12.00", tax: "1.08" },
    ]);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z2" })
      .expect(201);
    stripe.failNext("refund", 1);
    await admin
      .post(`${base(order.id)}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], restock: false })
      .expect(502);
    const pending = (await admin.get(base(order.id)).expect(200)).body.returns[0];
    expect(pending).toMatchObject({ status: "approved", refundAmount: "13.08" });
    const retried = await admin
      .post(`${base(order.id)}/returns`)
      .send({ returnId: pending.id, restock: false })
      .expect(201);
    expect(retried.body.returns[0].status).toBe("refunded");
    expect(retried.body.status).toBe("returned");
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount)).toEqual([1308]);
  });
});
