import { beforeAll, describe, expect, it } from "vitest";
import type { Agent, TestApp } from "../../../test/app-harness";
import { postWebhook } from "../../../test/payments";
import type { SmtpSink } from "../../../test/smtp-sink";
import type { StripeStandIn } from "../../../test/stripe-stand-in";
import { base, messagesAbout, orderRow, useFulfilmentApp } from "./fulfilment-app.test-support";
import { insertPaidOrder, variantStock } from "./merchandise-fulfilment.test-support";

const shop = useFulfilmentApp();
let app: TestApp;
let admin: Agent;
let stripe: StripeStandIn;
let sink: SmtpSink;
beforeAll(() => {
  ({ app, admin, stripe, sink } = shop);
});

describe("POST /api/merchandise-orders/{id}/fulfilments", () => {
  it("ships part, then the rest: partially-shipped, then shipped; the e-mail lists only the parcel's lines", async () => {
    const { order, lines } = await insertPaidOrder(app, null, [
      { sku: "LP", quantity: 2, unitPrice: "25.00" },
      { sku: "TEE", options: { Size: "L" }, quantity: 1, unitPrice: "20.00" },
    ]);
    const first = await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z999AA10123456784" })
      .expect(201);
    expect(first.body.status).toBe("partially-shipped");
    expect(first.body.fulfilments).toEqual([
      expect.objectContaining({
        carrier: "UPS",
        trackingNumber: "1Z999AA10123456784",
        trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
        lines: [{ lineId: lines[0].id, quantity: 1 }],
      }),
    ]);
    expect(first.body.lines[0].shippedQuantity).toBe(1);

    const second = await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({
        lines: [
          { lineId: lines[0].id, quantity: 1 },
          { lineId: lines[1].id, quantity: 1 },
        ],
        carrier: "Parcelforce",
        trackingNumber: "PF-77",
      })
      .expect(201);
    expect(second.body.status).toBe("shipped");
    expect(second.body.fulfilments[1].trackingUrl).toBeNull();

    const mails = await sink.waitFor(
      (m) => m.to !== undefined && JSON.stringify(m.to).includes(order.customerEmail),
      2,
    );
    const ups = mails.find((m) => m.text?.includes("1Z999AA10123456784"))!;
    expect(ups.subject).toBe(`Your order has shipped: order #${order.orderNumber}`);
    expect(ups.text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(ups.text).toContain(lines[0].sku);
    expect(ups.text).not.toContain(lines[1].sku);
    const other = mails.find((m) => m.text?.includes("PF-77"))!;
    expect(other.text).toContain(lines[1].sku);
    expect(other.text).not.toContain("https://www.ups.com");
  });

  it("refuses more than ordered minus shipped with 409, and a line of another order with 400, changing nothing", async () => {
    const { order, lines } = await insertPaidOrder(app, null, [{ sku: "OVER", quantity: 2, unitPrice: "5.00" }]);
    const other = await insertPaidOrder(app, null, [{ sku: "ELSE", quantity: 1, unitPrice: "5.00" }]);
    const send = (lineId: string, quantity: number) =>
      admin
        .post(`${base(order.id)}/fulfilments`)
        .send({ lines: [{ lineId, quantity }], carrier: "USPS", trackingNumber: "9400" });
    expect((await send(lines[0].id, 3).expect(409)).body.message).toBe(`Only 2 of ${lines[0].sku} left to ship`);
    await send(other.lines[0].id, 1).expect(400);
    await send(lines[0].id, 0).expect(400);
    await send(lines[0].id, 2).expect(201);
    expect((await send(lines[0].id, 1).expect(409)).body.message).toBe("Everything in this order has shipped");
    expect((await admin.get(base(order.id)).expect(200)).body.fulfilments).toHaveLength(1);
  });

  it("under 10 parallel requests for the last units ships each unit once", async () => {
    const { order, lines } = await insertPaidOrder(app, null, [{ sku: "RACE", quantity: 3, unitPrice: "5.00" }]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin
          .post(`${base(order.id)}/fulfilments`)
          .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "FedEx", trackingNumber: `FX${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    const detail = (await admin.get(base(order.id)).expect(200)).body;
    expect(detail.lines[0].shippedQuantity).toBe(3);
    expect(detail.status).toBe("shipped");
    expect(await messagesAbout("merchandise_order", order.id)).toHaveLength(3);
  });

  it("refuses an order that is not paid", async () => {
    const { order, lines } = await insertPaidOrder(app, null, [{ sku: "UNPAID", quantity: 1, unitPrice: "5.00" }], {
      paymentStatus: "pending",
      status: "pending",
      paidAt: null,
    });
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z" })
      .expect(409);
  });
});

describe("POST /api/merchandise-orders/{id}/cancel", () => {
  it("refunds an unshipped order whole, puts its stock back and tells the buyer", async () => {
    const { order, variants, paymentIntentId } = await insertPaidOrder(
      app,
      stripe,
      [
        { sku: "CAN-A", quantity: 2, unitPrice: "15.00", tax: "2.40", stock: 1 },
        { sku: "CAN-B", quantity: 1, unitPrice: "9.99", tax: "0.80", stock: 0 },
      ],
      { shipping: "5.50" },
    );
    const res = await admin.post(`${base(order.id)}/cancel`).expect(200);
    expect(res.body).toMatchObject({ status: "cancelled", refundedAmount: "48.69", total: "48.69" });
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntentId).map((r) => r.amount)).toEqual([4869]);
    expect(await variantStock(app, variants[0].id)).toBe(3);
    expect(await variantStock(app, variants[1].id)).toBe(1);
    expect((await orderRow(order.id)).cancelledAt).not.toBeNull();
    // Stripe's charge.refunded for the whole charge, then repeating the cancellation: nothing
    // changes and nothing more is refunded.
    const [full] = stripe.eventsOf(paymentIntentId!).filter((e) => e.type === "charge.refunded");
    await postWebhook(app.agent(), full).expect(200);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    await admin.post(`${base(order.id)}/cancel`).expect(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === paymentIntentId)).toHaveLength(1);
    expect(await variantStock(app, variants[0].id)).toBe(3);
    const [mail] = await sink.waitFor((m) => m.subject === `Your order is cancelled: order #${order.orderNumber}`);
    expect(mail.text).toContain("$48.69");
  });

  it("refuses an order part of which has shipped", async () => {
    const { order, lines } = await insertPaidOrder(app, stripe, [{ sku: "HALF", quantity: 2, unitPrice: "5.00" }]);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z3" })
      .expect(201);
    await admin.post(`${base(order.id)}/cancel`).expect(409);
  });
});
