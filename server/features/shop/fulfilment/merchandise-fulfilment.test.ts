import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { outboxMessages } from "@shared/outbox.table";
import { signedTokens } from "../../../lib/signed-token";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { capturedQueries } from "../../../test/captured-queries";
import { pdfText } from "../../../test/pdf-text";
import { ADMIN_EMAIL, postWebhook, STRIPE_TEST_ENV } from "../../../test/payments";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink";
import { startStripeStandIn, type StripeStandIn } from "../../../test/stripe-stand-in";
import { insertPaidOrder, variantStock } from "./merchandise-fulfilment.test-support";
import { lineRefundCents } from "./fulfilment-rules";

const SECRET = "fulfilment-test-session-secret-0123456789";
const orderTokens = signedTokens(SECRET, "merchandise-order");

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
      SESSION_SECRET: SECRET,
      SMTP_URL: sink.url(),
      MAIL_FROM: "Label Records <shop@label.test>",
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

const base = (id: string) => `/api/merchandise-orders/${id}`;

function messagesAbout(aboutType: string, aboutId: string) {
  return app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, aboutType), eq(outboxMessages.aboutId, aboutId)));
}

async function orderRow(id: string) {
  const [row] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
  return row;
}

describe("GET /api/merchandise-orders/{id}", () => {
  it("answers the order with its address, lines (SKU, options, unit price) and status", async () => {
    const { order, lines, variants } = await insertPaidOrder(app, null, [
      { sku: "TEE-M", options: { Size: "M", Colour: "Black" }, quantity: 2, unitPrice: "20.00", tax: "3.20" },
    ]);
    const res = await admin.get(base(order.id)).expect(200);
    expect(res.body).toMatchObject({
      id: order.id,
      status: "paid",
      total: "43.20",
      tax: "3.20",
      address: { name: order.shipName, line1: "1 Vinyl Way", city: "Portland", country: "US", line2: null },
      lines: [
        {
          id: lines[0].id,
          variantId: variants[0].id,
          sku: variants[0].sku,
          options: { Size: "M", Colour: "Black" },
          quantity: 2,
          unitPrice: "20.00",
          shippedQuantity: 0,
          returnedQuantity: 0,
        },
      ],
      fulfilments: [],
      returns: [],
    });
    await admin.get(base("00000000-0000-4000-8000-000000000000")).expect(404);
    await app.agent().get(base(order.id)).expect(401);
  });
});

describe("reads without a query per row", () => {
  it("reads an order in the same few statements whatever its lines, parcels and returns", async () => {
    // The shop's own statements (the outbox's delivery runs beside them on the same pool).
    const shop = (q: string) => /"merchandise_/.test(q) && !/outbox/.test(q);
    const order = async (n: number) => {
      const placed = await insertPaidOrder(
        app,
        null,
        Array.from({ length: n }, (_, i) => ({ sku: `NPLUS${i}`, quantity: 2, unitPrice: "5.00" })),
      );
      for (const line of placed.lines) {
        await admin
          .post(`${base(placed.order.id)}/fulfilments`)
          .send({ lines: [{ lineId: line.id, quantity: 1 }], carrier: "UPS", trackingNumber: `1Z${line.id}` })
          .expect(201);
      }
      return placed.order.id;
    };
    const small = await order(1);
    const large = await order(6);
    const count = async (id: string) =>
      (await capturedQueries(app.database.pool, () => admin.get(base(id)).expect(200))).filter(shop).length;
    const few = await count(small);
    // The order, its lines (with their sums), its parcels, its returns, its refunds of unshipped units.
    expect(few).toBe(5);
    expect(await count(large)).toBe(few);
    const listing = await capturedQueries(app.database.pool, () =>
      admin.get("/api/merchandise-orders?status=unshipped&q=1Zabc").expect(200),
    );
    expect(listing.filter(shop)).toHaveLength(2);
  });
});

describe("GET /api/merchandise-orders?status=&q=", () => {
  it("filters by status and finds an order by e-mail, name, number or tracking number", async () => {
    const a = await insertPaidOrder(app, null, [{ sku: "FIND-A", quantity: 1, unitPrice: "10.00" }]);
    const b = await insertPaidOrder(app, null, [{ sku: "FIND-B", quantity: 1, unitPrice: "10.00" }]);
    await admin
      .post(`${base(b.order.id)}/fulfilments`)
      .send({ lines: [{ lineId: b.lines[0].id, quantity: 1 }], carrier: "DHL", trackingNumber: "JD0142FIND" })
      .expect(201);
    const ids = async (query: string) =>
      ((await admin.get(`/api/merchandise-orders?${query}`).expect(200)).body as { id: string }[]).map((o) => o.id);

    expect(await ids(`q=${encodeURIComponent(a.order.customerEmail.toUpperCase())}`)).toEqual([a.order.id]);
    expect(await ids(`q=${encodeURIComponent(a.order.shipName!.slice(0, 14).toLowerCase())}`)).toContain(a.order.id);
    expect(await ids(`q=%23${a.order.orderNumber}`)).toEqual([a.order.id]);
    expect(await ids(`q=${a.order.orderNumber}`)).toEqual([a.order.id]);
    expect(await ids("q=jd0142find")).toEqual([b.order.id]);
    const shipped = await ids("status=shipped");
    expect(shipped).toContain(b.order.id);
    expect(shipped).not.toContain(a.order.id);
    const unshipped = await ids("status=unshipped");
    expect(unshipped).toContain(a.order.id);
    expect(unshipped).not.toContain(b.order.id);
    const listed = (await admin.get(`/api/merchandise-orders?q=${b.order.orderNumber}`).expect(200)).body[0];
    expect(listed).toMatchObject({ status: "shipped", orderNumber: b.order.orderNumber, shipName: b.order.shipName });
    await admin.get("/api/merchandise-orders?status=lost").expect(400);
  });
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

describe("files", () => {
  it("exports one CSV row per line still to ship, with the address", async () => {
    const { order, lines } = await insertPaidOrder(app, null, [
      { sku: "CSV-A", options: { Size: "XL", Colour: "Red" }, quantity: 2, unitPrice: "5.00" },
      { sku: "CSV-B", quantity: 1, unitPrice: "5.00" },
    ]);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[1].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z4" })
      .expect(201);
    const res = await admin.get("/api/merchandise-orders/export.csv?status=unshipped").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.text.startsWith("\uFEFF")).toBe(true);
    const rows = res.text.split("\r\n").filter((row) => row.includes(`#${order.orderNumber},`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(lines[0].sku);
    expect(rows[0]).toContain("Size: XL; Colour: Red");
    expect(rows[0]).toContain("1 Vinyl Way");
    expect(rows[0]).toContain(",2,2,");
    await admin.get("/api/merchandise-orders/export.csv?status=lost").expect(400);
    await app.agent().get("/api/merchandise-orders/export.csv").expect(401);
  });

  it("renders the packing slip off the main thread: address, SKU, options, quantities", async () => {
    const { order, lines } = await insertPaidOrder(app, null, [
      { sku: "SLIP", options: { Size: "S", Colour: "Blue" }, quantity: 4, unitPrice: "5.00" },
    ]);
    const res = await admin
      .get(`${base(order.id)}/packing-slip.pdf`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(res.body as Buffer);
    for (const fact of [lines[0].sku, "Size: S; Colour: Blue", "1 Vinyl Way", order.shipName!, "4"]) {
      expect(text).toContain(fact);
    }
    await admin.get(`${base("00000000-0000-4000-8000-000000000000")}/packing-slip.pdf`).expect(404);
  });
});
