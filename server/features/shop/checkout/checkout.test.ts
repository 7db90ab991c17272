import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import {
  merchandiseFulfilmentLines,
  merchandiseFulfilments,
  merchandiseOrderLines,
  merchandiseOrders,
} from "@shared/merchandise-orders.table";
import { outboxMessages } from "@shared/outbox.table";
import { serveBuiltClient } from "../../../client-serving";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import {
  ADMIN_EMAIL,
  eventually,
  insertMerchandise,
  intentIdOf,
  postWebhook,
  STRIPE_TEST_ENV,
} from "../../../test/payments";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink";
import { startStripeStandIn, type StripeStandIn } from "../../../test/stripe-stand-in";
import { RESERVATION_TTL_MS } from "./order-settlement";

// The built client's page, so `/orders/{token}` and `/checkout` answer as in production.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pages-"));
fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Label Records</title><div id=root></div>");

let stripe: StripeStandIn;
let sink: SmtpSink;
let app: TestApp;
let admin: Agent;

const ZONES = [
  { name: "Domestic", countries: ["US"], taxRate: "8.875" },
  { name: "EU", countries: ["DE", "FR"], taxRate: "19" },
  { name: "Pacific", countries: ["NZ"], taxRate: "1" },
];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  sink = await startSmtpSink();
  app = await startTestApp({
    env: {
      ...STRIPE_TEST_ENV,
      STRIPE_API_BASE: stripe.url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_URL: sink.url(),
      MAIL_FROM: "Label Records <shop@label.test>",
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
      MAIL_RETRY_DELAY_MS: "1000",
    },
    workers: true,
    mountClient: (express) => serveBuiltClient(express, { required: true, root }),
  });
  admin = await app.signIn(ADMIN_EMAIL);
  await admin.put("/api/shipping/zones").send({ zones: ZONES }).expect(200);
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
  await stripe?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let skuCounter = 0;

/** An item with one variant per option set (its default variant left at 0 stock unless asked for), and its rates. */
async function itemWithVariants(
  item: Partial<typeof merchandise.$inferInsert>,
  variants: { options: Record<string, string>; stock: number; price?: string }[],
  rates: { zone: string; first: string; additional: string }[],
) {
  const row = await insertMerchandise(app, { stockQuantity: 0, ...item });
  const ids: string[] = [];
  for (const [position, variant] of variants.entries()) {
    if (Object.keys(variant.options).length === 0) {
      // An item without options sells its default variant.
      const [only] = await app.db
        .update(merchandiseVariants)
        .set({ stockQuantity: variant.stock, price: variant.price ?? null })
        .where(eq(merchandiseVariants.merchandiseId, row.id))
        .returning();
      ids.push(only.id);
      continue;
    }
    skuCounter += 1;
    const [inserted] = await app.db
      .insert(merchandiseVariants)
      .values({
        merchandiseId: row.id,
        sku: `TEST-${skuCounter}`,
        options: variant.options,
        price: variant.price ?? null,
        stockQuantity: variant.stock,
        position,
      })
      .returning();
    ids.push(inserted.id);
  }
  await admin.put(`/api/merchandise/${row.id}/shipping`).send({ rates }).expect(200);
  return { item: row, variants: ids };
}

async function stockOf(variantIds: string[]) {
  const rows = await app.db
    .select({ id: merchandiseVariants.id, stock: merchandiseVariants.stockQuantity })
    .from(merchandiseVariants)
    .where(inArray(merchandiseVariants.id, variantIds));
  return variantIds.map((id) => rows.find((row) => row.id === id)!.stock);
}

const ADDRESS_US = {
  name: "Ada Fan",
  line1: "1 Main St",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
  country: "US",
};
const ADDRESS_DE = { name: "Ada Fan", line1: "Torstr. 1", city: "Berlin", postalCode: "10115", country: "DE" };

/** A shirt (S, M at the item's 20.00) and a tote (one variant at its own 14.99). */
async function shirtAndTote(stock = 10) {
  const shirt = await itemWithVariants(
    { name: "Tour Shirt", price: "20.00" },
    [
      { options: { Size: "S" }, stock },
      { options: { Size: "M" }, stock },
    ],
    [
      { zone: "Domestic", first: "5.00", additional: "1.50" },
      { zone: "EU", first: "12.00", additional: "4.00" },
    ],
  );
  const tote = await itemWithVariants(
    { name: "Tote Bag", price: "12.50" },
    [{ options: { Colour: "Black" }, stock, price: "14.99" }],
    [
      { zone: "Domestic", first: "4.00", additional: "2.00" },
      { zone: "EU", first: "9.00", additional: "3.00" },
    ],
  );
  return { shirt, tote };
}

function place(body: object, agent: Agent = app.agent()) {
  return agent.post("/api/merchandise-orders").send(body);
}

describe("shipping zones and rates", () => {
  it("lists the zones for anyone, in order, with their countries and tax rates", async () => {
    const res = await app.agent().get("/api/shipping/zones").expect(200);
    expect(
      res.body.map((z: { name: string; countries: string[]; taxRate: string }) => [z.name, z.countries, z.taxRate]),
    ).toEqual(ZONES.map((z) => [z.name, z.countries, z.taxRate]));
  });

  it("refuses a country in two zones, a zone name twice, a non-admin, and a rate to an unknown zone", async () => {
    const twice = await admin
      .put("/api/shipping/zones")
      .send({ zones: [...ZONES, { name: "More", countries: ["de"], taxRate: "0" }] })
      .expect(400);
    expect(JSON.stringify(twice.body.fieldErrors)).toContain("Germany is already in EU");
    await app.agent().put("/api/shipping/zones").send({ zones: ZONES }).expect(401);
    const item = await insertMerchandise(app);
    const unknown = await admin
      .put(`/api/merchandise/${item.id}/shipping`)
      .send({ rates: [{ zone: "Mars", first: "1.00", additional: "1.00" }] })
      .expect(400);
    expect(unknown.body.message).toBe("No zone is called Mars");
    expect((await admin.get(`/api/merchandise/${item.id}/shipping`).expect(200)).body).toEqual([]);
    // Nothing changed.
    expect((await app.agent().get("/api/shipping/zones").expect(200)).body).toHaveLength(3);
  });
});

describe("POST /api/merchandise-orders/quote", () => {
  it("adds combined shipping (highest first, additional for every other unit) and the zone's tax, in exact cents", async () => {
    const { shirt, tote } = await shirtAndTote();
    const items = [
      { variantId: shirt.variants[0], quantity: 1 },
      { variantId: shirt.variants[1], quantity: 1 },
      { variantId: tote.variants[0], quantity: 3 },
    ];
    // 2 × 20.00 + 3 × 14.99 = 84.97. US: 5.00 + 1 × 1.50 + 3 × 2.00 = 12.50; 8.875 % of 97.47 = 8.6504… → 8.65.
    const us = await app.agent().post("/api/merchandise-orders/quote").send({ items, country: "us" }).expect(200);
    expect(us.body).toEqual({
      subtotal: "84.97",
      shipping: "12.50",
      tax: "8.65",
      total: "106.12",
      zone: "Domestic",
      taxRate: "8.875",
    });
    // DE: 12.00 + 4.00 + 3 × 3.00 = 25.00; 19 % of 109.97 = 20.8943 → 20.89.
    const de = await app.agent().post("/api/merchandise-orders/quote").send({ items, country: "DE" }).expect(200);
    expect(de.body).toMatchObject({ subtotal: "84.97", shipping: "25.00", tax: "20.89", total: "130.86", zone: "EU" });
  });

  it("rounds the tax half-up once, on the total, not line by line", async () => {
    const badge = await itemWithVariants(
      { name: "Badge", price: "0.50" },
      [{ options: {}, stock: 5 }],
      [{ zone: "Pacific", first: "0.00", additional: "0.00" }],
    );
    const pin = await itemWithVariants({ name: "Pin", price: "0.50" }, [{ options: {}, stock: 5 }], []);
    await admin
      .put(`/api/merchandise/${pin.item.id}/shipping`)
      .send({ rates: [{ zone: "Pacific", first: "0.00", additional: "0.00" }] })
      .expect(200);
    // 1 % of 0.50 is half a cent: up to 0.01.
    const one = await app
      .agent()
      .post("/api/merchandise-orders/quote")
      .send({ items: [{ variantId: badge.variants[0], quantity: 1 }], country: "NZ" })
      .expect(200);
    expect(one.body).toMatchObject({ subtotal: "0.50", shipping: "0.00", tax: "0.01", total: "0.51" });
    // Two half cents per line would make 0.02; once on the 1.00 they make 0.01.
    const two = await app
      .agent()
      .post("/api/merchandise-orders/quote")
      .send({
        items: [
          { variantId: badge.variants[0], quantity: 1 },
          { variantId: pin.variants[0], quantity: 1 },
        ],
        country: "NZ",
      })
      .expect(200);
    expect(two.body).toMatchObject({ subtotal: "1.00", tax: "0.01", total: "1.01" });
  });

  it("refuses a country in no zone, and an item with no rate to the zone", async () => {
    const { shirt } = await shirtAndTote();
    const items = [{ variantId: shirt.variants[0], quantity: 1 }];
    const japan = await app.agent().post("/api/merchandise-orders/quote").send({ items, country: "JP" }).expect(400);
    expect(japan.body).toEqual({
      message: "We don't ship to Japan",
      fieldErrors: { country: ["We don't ship to Japan"] },
    });
    const nz = await app.agent().post("/api/merchandise-orders/quote").send({ items, country: "NZ" }).expect(400);
    expect(nz.body.message).toBe("Tour Shirt does not ship to New Zealand");
    await app.agent().post("/api/merchandise-orders/quote").send({ items, country: "XX" }).expect(400);
    await app.agent().post("/api/merchandise-orders/quote").send({ items: [], country: "US" }).expect(400);
  });
});

describe("POST /api/merchandise-orders", () => {
  it("holds every line's stock, records lines and address at the database's prices, ignoring extra fields, and asks Stripe for exactly the total", async () => {
    const { shirt, tote } = await shirtAndTote();
    const res = await place({
      items: [
        { variantId: shirt.variants[1], quantity: 2, unitPrice: "0.01" },
        { variantId: tote.variants[0], quantity: 1, price: "0.01" },
      ],
      email: "ada@fans.test",
      address: { ...ADDRESS_DE, extra: "x" },
      total: "0.50",
      shipping: "0.00",
      tax: "0.00",
    }).expect(201);
    // 40.00 + 14.99 = 54.99; 12.00 + 4.00 + 3.00 = 19.00; 19 % of 73.99 = 14.0581 → 14.06.
    expect(res.body).toEqual({ orderId: expect.any(String), clientSecret: expect.any(String), total: "88.05" });
    const intent = stripe.intents.get(intentIdOf(res.body.clientSecret));
    expect(intent).toMatchObject({ amount: 8805, metadata: { merchandiseOrderId: res.body.orderId } });
    expect(await stockOf([shirt.variants[0], shirt.variants[1], tote.variants[0]])).toEqual([10, 8, 9]);

    const [order] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, res.body.orderId));
    expect(order).toMatchObject({
      subtotal: "54.99",
      shipping: "19.00",
      tax: "14.06",
      totalAmount: "88.05",
      paymentStatus: "pending",
      status: "pending",
      itemName: null,
      shipName: "Ada Fan",
      shipCountry: "DE",
      shipRegion: null,
      shippingZone: "EU",
      customerEmail: "ada@fans.test",
    });
    const lines = await app.db
      .select()
      .from(merchandiseOrderLines)
      .where(eq(merchandiseOrderLines.orderId, order.id))
      .orderBy(merchandiseOrderLines.position);
    expect(lines.map((l) => [l.itemName, l.options, l.quantity, l.unitPrice, l.tax])).toEqual([
      ["Tour Shirt", { Size: "M" }, 2, "20.00", "7.60"],
      ["Tote Bag", { Colour: "Black" }, 1, "14.99", "2.85"],
    ]);
  });

  it("gives every line back and keeps no order when Stripe cannot start the payment", async () => {
    const { shirt, tote } = await shirtAndTote();
    stripe.failNextCreates(1);
    const res = await place({
      items: [
        { variantId: shirt.variants[0], quantity: 2 },
        { variantId: tote.variants[0], quantity: 1 },
      ],
      email: "outage@fans.test",
      address: ADDRESS_US,
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await stockOf([shirt.variants[0], tote.variants[0]])).toEqual([10, 10]);
    expect(
      await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, "outage@fans.test")),
    ).toHaveLength(0);
  });

  it("refuses a country in no zone with nothing held", async () => {
    const { shirt } = await shirtAndTote();
    const res = await place({
      items: [{ variantId: shirt.variants[0], quantity: 1 }],
      email: "far@fans.test",
      address: { ...ADDRESS_US, country: "JP" },
    }).expect(400);
    expect(res.body.message).toBe("We don't ship to Japan");
    expect(res.body.fieldErrors).toEqual({ "address.country": ["We don't ship to Japan"] });
    expect(await stockOf([shirt.variants[0]])).toEqual([10]);
  });

  it("says which line is short and holds nothing when any line is", async () => {
    const { shirt, tote } = await shirtAndTote(2);
    const res = await place({
      items: [
        { variantId: tote.variants[0], quantity: 2 },
        { variantId: shirt.variants[1], quantity: 3 },
      ],
      email: "greedy@fans.test",
      address: ADDRESS_US,
    }).expect(409);
    expect(res.body.message).toBe("Only 2 left of Tour Shirt (M)");
    expect(await stockOf([tote.variants[0], shirt.variants[1]])).toEqual([2, 2]);
    expect(
      await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, "greedy@fans.test")),
    ).toHaveLength(0);
  });

  it("sells the last unit once: 20 buyers at the same moment, one order, nineteen 409s", async () => {
    const { shirt, tote } = await shirtAndTote(1);
    await app.db
      .update(merchandiseVariants)
      .set({ stockQuantity: 50 })
      .where(eq(merchandiseVariants.id, tote.variants[0]));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        place({
          items: [
            { variantId: tote.variants[0], quantity: 1 },
            { variantId: shirt.variants[0], quantity: 1 },
          ],
          email: `racer${i}@fans.test`,
          address: ADDRESS_US,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.message).toBe("Only 0 left of Tour Shirt (S)");
    }
    // The tote of the losers was not held either.
    expect(await stockOf([shirt.variants[0], tote.variants[0]])).toEqual([0, 49]);
    const [item] = await app.db.select().from(merchandise).where(eq(merchandise.id, shirt.item.id));
    expect(item.stockQuantity).toBe(1);
  });

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

describe("an item without options in the cart", () => {
  it("holds and gives back the stock of the item's default variant, so the item's total and its variants agree", async () => {
    const item = await insertMerchandise(app, { stockQuantity: 4 });
    const [variant] = await app.db
      .select()
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.merchandiseId, item.id));
    await admin
      .put(`/api/merchandise/${item.id}/shipping`)
      .send({ rates: [{ zone: "Domestic", first: "0.00", additional: "0.00" }] })
      .expect(200);
    const res = await place({
      items: [{ variantId: variant.id, quantity: 3 }],
      email: "single@fans.test",
      address: ADDRESS_US,
    }).expect(201);
    expect(await stockOf([variant.id])).toEqual([1]);
    const [row] = await app.db.select().from(merchandise).where(eq(merchandise.id, item.id));
    expect(row.stockQuantity).toBe(1);
    const intentId = intentIdOf(res.body.clientSecret);
    stripe.fail(intentId);
    await postWebhook(app.agent(), stripe.event("payment_intent.payment_failed", intentId)).expect(200);
    expect(await stockOf([variant.id])).toEqual([4]);
  });
});

describe("a member's cart", () => {
  it("is kept on the server for a member, without variants that no longer exist", async () => {
    const { shirt } = await shirtAndTote();
    const member = await app.signIn("cart@fans.test");
    expect((await member.get("/api/merchandise-cart").expect(200)).body).toEqual({ items: [] });
    const items = [
      { variantId: shirt.variants[0], quantity: 2 },
      { variantId: "00000000-0000-4000-8000-000000000000", quantity: 1 },
    ];
    const saved = await member.put("/api/merchandise-cart").send({ items }).expect(200);
    expect(saved.body).toEqual({ items: [items[0]] });
    expect((await member.get("/api/merchandise-cart").expect(200)).body).toEqual({ items: [items[0]] });
    await app.agent().get("/api/merchandise-cart").expect(401);
  });
});
