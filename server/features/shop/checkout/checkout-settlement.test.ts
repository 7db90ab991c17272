import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchandise } from "@shared/merchandise.table";
import {
  merchandiseFulfilmentLines,
  merchandiseFulfilments,
  merchandiseOrders,
} from "@shared/merchandise-orders.table";
import { outboxMessages } from "@shared/outbox.table";
import type { TestApp } from "../../../test/app-harness";
import { eventually, intentIdOf, postWebhook } from "../../../test/payments";
import type { SmtpSink } from "../../../test/smtp-sink";
import type { StripeStandIn } from "../../../test/stripe-stand-in";
import { ADDRESS_DE, ADDRESS_US, place, shirtAndTote, stockOf, useShopApp } from "./checkout.test-support";
import { RESERVATION_TTL_MS } from "./order-settlement";

const shop = useShopApp();
let app: TestApp;
let stripe: StripeStandIn;
let sink: SmtpSink;
beforeAll(() => {
  ({ app, stripe, sink } = shop);
});

describe("POST /api/merchandise-orders, then its payment", () => {
  it("is settled by the completion call: paid, and the confirmation e-mail lists lines, amounts, address and the order's link", async () => {
    const { shirt, tote } = await shirtAndTote();
    await app.db.update(merchandise).set({ shipsFrom: "2031-02-01" }).where(eq(merchandise.id, tote.item.id));
    const res = await place({
      items: [
        { variantId: shirt.variants[0], quantity: 1 },
        { variantId: tote.variants[0], quantity: 2 },
      ],
      email: "paid@fans.test",
      address: ADDRESS_US,
    }).expect(201);
    const paymentIntentId = intentIdOf(res.body.clientSecret);
    stripe.succeed(paymentIntentId);
    const done = await app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId }).expect(200);
    expect(done.body).toMatchObject({ id: res.body.orderId, itemName: null, quantity: null, paymentStatus: "paid" });
    await app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId }).expect(200);
    const [order] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, res.body.orderId));
    expect(order.status).toBe("paid");

    const queued = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.aboutType, "merchandise_order"), eq(outboxMessages.aboutId, order.id)));
    expect(queued.map((m) => m.template)).toEqual(["merchandise-order-placed"]);

    const [mail] = await sink.waitFor((m) => m.subject === `Your order #${order.orderNumber} from Label Records`);
    expect(mail.to).toMatchObject({ value: [{ address: "paid@fans.test" }] });
    // 20.00 + 2 × 14.99 = 49.98; 5.00 + 2 × 2.00 = 9.00; 8.875 % of 58.98 = 5.2344… → 5.23.
    const link = /https?:\/\/\S+\/orders\/[\w.-]+/.exec(mail.text ?? "")?.[0];
    expect(link).toBeDefined();
    lastPaid = { orderId: order.id, token: decodeURIComponent(new URL(link!).pathname.split("/").pop()!) };
    for (const fact of [
      "1 × Tour Shirt (Size: S)",
      "2 × Tote Bag (Colour: Black)",
      "ships from Feb 1, 2031",
      "$49.98",
      "$9.00",
      "$5.23",
      "$64.21",
      "1 Main St",
      "United States",
      `/orders/${order.id}.`,
    ]) {
      expect(mail.text).toContain(fact);
    }
  });

  it("gives every line's stock back when the card fails or the hold expires", async () => {
    const { shirt, tote } = await shirtAndTote();
    const declined = await place({
      items: [
        { variantId: shirt.variants[0], quantity: 2 },
        { variantId: tote.variants[0], quantity: 1 },
      ],
      email: "declined@fans.test",
      address: ADDRESS_US,
    }).expect(201);
    expect(await stockOf([shirt.variants[0], tote.variants[0]])).toEqual([8, 9]);
    const intentId = intentIdOf(declined.body.clientSecret);
    stripe.fail(intentId);
    await postWebhook(app.agent(), stripe.event("payment_intent.payment_failed", intentId)).expect(200);
    expect(await stockOf([shirt.variants[0], tote.variants[0]])).toEqual([10, 10]);

    const abandoned = await place({
      items: [
        { variantId: shirt.variants[1], quantity: 3 },
        { variantId: tote.variants[0], quantity: 4 },
      ],
      email: "gone@fans.test",
      address: ADDRESS_DE,
    }).expect(201);
    expect(await stockOf([shirt.variants[1], tote.variants[0]])).toEqual([7, 6]);
    await app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - RESERVATION_TTL_MS - 60_000) })
      .where(eq(merchandiseOrders.id, abandoned.body.orderId));
    await eventually(async () => (await stockOf([shirt.variants[1], tote.variants[0]])).join() === "10,10");
    const [order] = await app.db
      .select()
      .from(merchandiseOrders)
      .where(eq(merchandiseOrders.id, abandoned.body.orderId));
    expect(order.paymentStatus).toBe("failed");
  });
});

let lastPaid: { orderId: string; token: string } | undefined;

describe("the buyer's order page by its signed link", () => {
  it("shows status, lines, amounts, address and tracking to anyone holding the e-mail's link, and 404 otherwise", async () => {
    expect(lastPaid).toBeDefined();
    const { orderId, token } = lastPaid!;
    const res = await app
      .agent()
      .get(`/api/orders/${encodeURIComponent(token)}`)
      .expect(200);
    expect(res.body).toMatchObject({
      id: orderId,
      status: "paid",
      subtotal: "49.98",
      shipping: "9.00",
      tax: "5.23",
      total: "64.21",
      address: { name: "Ada Fan", line1: "1 Main St", line2: null, city: "Portland", country: "US" },
      fulfilments: [],
    });
    expect(res.body).not.toHaveProperty("customerEmail");
    expect(
      res.body.lines.map((l: { itemName: string; options: object; shipsFrom: string | null }) => [
        l.itemName,
        l.options,
        l.shipsFrom,
      ]),
    ).toEqual([
      ["Tour Shirt", { Size: "S" }, null],
      ["Tote Bag", { Colour: "Black" }, "2031-02-01"],
    ]);

    // A parcel the admins sent shows with its carrier's tracking page.
    const [parcel] = await app.db
      .insert(merchandiseFulfilments)
      .values({ orderId, carrier: "UPS", trackingNumber: "1Z999" })
      .returning();
    await app.db
      .insert(merchandiseFulfilmentLines)
      .values({ fulfilmentId: parcel.id, orderLineId: res.body.lines[0].id, quantity: 1 });
    const shipped = await app
      .agent()
      .get(`/api/orders/${encodeURIComponent(token)}`)
      .expect(200);
    expect(shipped.body.fulfilments).toEqual([
      expect.objectContaining({
        carrier: "UPS",
        trackingNumber: "1Z999",
        trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
      }),
    ]);
    expect(shipped.body.lines[0].shippedQuantity).toBe(1);

    // The page itself: a genuine link is a page, an altered one the 404 page.
    await app.agent().get(`/orders/${token}`).expect(200);
    const forged = `${orderId}.${"A".repeat(22)}`;
    await app.agent().get(`/api/orders/${forged}`).expect(404);
    await app.agent().get(`/orders/${forged}`).expect(404);
    await app.agent().get(`/api/orders/${orderId}`).expect(404);
    await app.agent().get("/checkout").expect(200);
  });
});
