// Downloads from the music store in the shop's cart: priced and taxed by country, placed with
// the goods in one order and one card payment, made downloadable by its settlement, given back
// with it, and on the artist's statement net of their share of the card fee.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { outboxMessages } from "@shared/outbox.table";
import { royaltyLines } from "@shared/royalties.table";
import { storePurchases } from "@shared/store.table";
import { eventually, intentIdOf, postWebhook } from "../test/payments";
import { ADDRESS_DE, place, shirtAndTote, stockOf, useShopApp } from "./shop/checkout/checkout.test-support";
import { insertReleaseOnSale } from "./store/store.test-support";

const shop = useShopApp();
const fan = () => `${crypto.randomUUID()}@fan.test`;

const setRates = (rates: { country: string; rate: string }[]) =>
  shop.admin.put("/api/store/digital-tax-rates").send({ rates });

const purchasesOfOrder = (orderId: string) =>
  shop.app.db.select().from(storePurchases).where(eq(storePurchases.merchandiseOrderId, orderId));

async function pay(intentId: string, fee?: number) {
  shop.stripe.succeed(intentId, fee === undefined ? {} : { fee });
  await postWebhook(shop.app.agent(), shop.stripe.event("payment_intent.succeeded", intentId)).expect(200);
}

describe("the label's digital tax rates", () => {
  it("are replaced whole by administrators and refused with the field named", async () => {
    await setRates([
      { country: "DE", rate: "19" },
      { country: "fr", rate: "20.000" },
    ]).expect(200);
    const listed = await shop.admin.get("/api/store/digital-tax-rates").expect(200);
    expect(listed.body.rates).toEqual([
      { country: "DE", countryName: "Germany", rate: "19" },
      { country: "FR", countryName: "France", rate: "20" },
    ]);
    const bad = await setRates([{ country: "XX", rate: "120" }]).expect(400);
    expect(Object.keys(bad.body.fieldErrors)).toEqual(expect.arrayContaining(["rates.0.country", "rates.0.rate"]));
    // Nothing changed by the refused request; a visitor may not read or write them.
    expect((await shop.admin.get("/api/store/digital-tax-rates")).body.rates).toHaveLength(2);
    await shop.app.agent().get("/api/store/digital-tax-rates").expect(401);
  });
});

describe("a cart with downloads", () => {
  it("is quoted with the downloads taxed at the country's digital rate, goods at their zone's", async () => {
    await setRates([{ country: "DE", rate: "19" }]).expect(200);
    const { shirt } = await shirtAndTote();
    const { release, tracks } = await insertReleaseOnSale(shop.app, { minimumPrice: "5.00", trackPrice: "1.29" }, 2);
    const quote = await shop.app
      .agent()
      .post("/api/merchandise-orders/quote")
      .send({
        items: [{ variantId: shirt.variants[0], quantity: 1 }],
        digital: [
          { releaseId: release.id, amount: "10" },
          { releaseId: release.id, trackId: tracks[1].id },
        ],
        country: "DE",
      })
      .expect(200);
    // Shirt 20.00 + EU shipping 12.00 taxed 19% = 6.08; downloads 10.00 + 1.29 taxed 19% = 1.90 + 0.25.
    expect(quote.body).toMatchObject({
      subtotal: "31.29",
      shipping: "12.00",
      tax: "8.23",
      total: "51.52",
      zone: "EU",
      taxRate: "19",
      digitalTaxRate: "19",
      digital: [
        { releaseId: release.id, trackId: null, title: release.title, amount: "10.00", tax: "1.90" },
        { releaseId: release.id, trackId: tracks[1].id, amount: "1.29", tax: "0.25" },
      ],
    });
    // Downloads alone go to any country, untaxed where the label set no rate.
    const anywhere = await shop.app
      .agent()
      .post("/api/merchandise-orders/quote")
      .send({ digital: [{ releaseId: release.id, amount: "6.50" }], country: "JP" })
      .expect(200);
    expect(anywhere.body).toMatchObject({ subtotal: "6.50", shipping: "0.00", tax: "0.00", total: "6.50" });
    expect(anywhere.body).toMatchObject({ zone: null, taxRate: null, digitalTaxRate: null });
  });

  it("refuses a price below the minimum beside its line, and holds nothing", async () => {
    const { shirt } = await shirtAndTote(3);
    const { release } = await insertReleaseOnSale(shop.app, { minimumPrice: "5.00" });
    const email = fan();
    const res = await place({
      items: [{ variantId: shirt.variants[0], quantity: 1 }],
      digital: [{ releaseId: release.id, amount: "4.99" }],
      email,
      address: ADDRESS_DE,
    }).expect(400);
    expect(res.body.fieldErrors).toEqual({ "digital.0.amount": ["The minimum for this release is $5.00"] });
    expect(await stockOf([shirt.variants[0]])).toEqual([3]);
    const orders = await shop.app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, email));
    expect(orders).toEqual([]);
    // Goods need an address; downloads alone need a country.
    const noAddress = await place({ items: [{ variantId: shirt.variants[0], quantity: 1 }], email }).expect(400);
    expect(Object.keys(noAddress.body.fieldErrors)).toEqual(expect.arrayContaining(["address"]));
    const noCountry = await place({ digital: [{ releaseId: release.id, amount: "6" }], email }).expect(400);
    expect(Object.keys(noCountry.body.fieldErrors)).toEqual(["country"]);
    await place({ digital: [{ releaseId: crypto.randomUUID() }], email, country: "US" }).expect(404);
  });

  it("is one order and one card payment; once paid its downloads are e-mailed and on the statement", async () => {
    await setRates([{ country: "DE", rate: "19" }]).expect(200);
    const { tote } = await shirtAndTote();
    const { release } = await insertReleaseOnSale(shop.app, { minimumPrice: "5.00" });
    const email = fan();
    const placed = await place({
      items: [{ variantId: tote.variants[0], quantity: 1 }],
      digital: [{ releaseId: release.id, amount: "10.00" }],
      email,
      address: ADDRESS_DE,
    }).expect(201);
    // Tote 14.99 + shipping 9.00, taxed 19% = 4.56; the download 10.00 + 1.90.
    expect(placed.body.total).toBe("40.45");
    const intentId = intentIdOf(placed.body.clientSecret);
    expect(shop.stripe.intents.get(intentId)!.amount).toBe(4045);
    const [pending] = await purchasesOfOrder(placed.body.orderId);
    expect(pending).toMatchObject({ status: "pending", amount: "10.00", tax: "1.90", paymentIntentId: intentId });
    await shop.app.agent().get(`/api/downloads/${pending.token}`).expect(404);

    await pay(intentId, 150);
    const [paid] = await purchasesOfOrder(placed.body.orderId);
    expect(paid.status).toBe("paid");
    await shop.app.agent().get(`/api/downloads/${pending.token}`).expect(200);
    const mail = await shop.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    const templates = mail.map((m) => m.template).sort();
    expect(templates).toEqual(["merchandise-order-placed", "store-downloads"]);
    const confirmation = mail.find((m) => m.template === "merchandise-order-placed")!;
    expect(confirmation.params).toMatchObject({
      total: "40.45",
      downloads: [{ title: release.title, artist: release.artist, amount: "10.00" }],
    });
    expect(JSON.stringify(mail.find((m) => m.template === "store-downloads")!.params)).toContain(pending.token);
    // The buyer's order page and the admins' view list the download with its link.
    const token = decodeURIComponent(String((confirmation.params as { link: string }).link).split("/orders/")[1]);
    const page = await shop.app
      .agent()
      .get(`/api/orders/${encodeURIComponent(token)}`)
      .expect(200);
    const download = { title: release.title, amount: "10.00", tax: "1.90", status: "paid" };
    expect(page.body.downloads).toEqual([
      expect.objectContaining({ ...download, downloadPath: `/downloads/${pending.token}` }),
    ]);
    const detail = await shop.admin.get(`/api/merchandise-orders/${placed.body.orderId}`).expect(200);
    expect(detail.body.downloads).toEqual([expect.objectContaining(download)]);

    // The download's share of the charge's $1.50 fee: 1.50 × 10.00 / 40.45 = 0.37.
    await eventually(
      async () =>
        (await shop.app.db.select().from(royaltyLines).where(eq(royaltyLines.releaseId, release.id))).length > 0,
    );
    const lines = await shop.app.db.select().from(royaltyLines).where(eq(royaltyLines.releaseId, release.id));
    expect(lines.map((l) => [l.source, l.converted, l.quantity])).toEqual([["store", "9.63", 1]]);
    // Store Sales names its order; refunds of a cart's download go through that order.
    const sales = await shop.admin.get(`/api/releases/${release.id}/store/sales`).expect(200);
    expect(sales.body).toEqual([
      expect.objectContaining({ id: paid.id, refundable: "0.00", shopOrder: expect.any(Number) }),
    ]);
    const refund = await shop.admin.post(`/api/store/purchases/${paid.id}/refund`).send({}).expect(409);
    expect(refund.body.message).toMatch(/shop order/);
  });

  it("of downloads only needs no address, ships nothing, and stops downloading once refunded in full", async () => {
    const { release } = await insertReleaseOnSale(shop.app, { payWhatYouWant: false, price: "8.00" });
    const email = fan();
    const placed = await place({ digital: [{ releaseId: release.id, amount: "1.00" }], email, country: "US" }).expect(
      201,
    );
    // A fixed price: the amount sent plays no part.
    expect(placed.body.total).toBe("8.00");
    const [order] = await shop.app.db
      .select()
      .from(merchandiseOrders)
      .where(eq(merchandiseOrders.id, placed.body.orderId));
    expect(order).toMatchObject({ shipName: null, shipCountry: null, shipping: "0.00", totalAmount: "8.00" });
    const intentId = intentIdOf(placed.body.clientSecret);
    await pay(intentId);
    const [paid] = await purchasesOfOrder(order.id);
    await shop.app.agent().get(`/api/downloads/${paid.token}`).expect(200);
    // Nothing of it waits to be shipped.
    const unshipped = await shop.admin
      .get("/api/merchandise-orders")
      .query({ status: "unshipped", q: email })
      .expect(200);
    expect(JSON.stringify(unshipped.body)).not.toContain(order.id);

    await postWebhook(shop.app.agent(), shop.stripe.chargeRefunded(intentId)).expect(200);
    const [refunded] = await purchasesOfOrder(order.id);
    expect(refunded).toMatchObject({ status: "refunded", refundedAmount: "8.00" });
    const gone = await shop.app.agent().get(`/api/downloads/${paid.token}`).expect(410);
    expect(gone.body.message).toBe("This purchase was refunded");
    const [cancelled] = await shop.app.db
      .select()
      .from(merchandiseOrders)
      .where(and(eq(merchandiseOrders.id, order.id), eq(merchandiseOrders.status, "cancelled")));
    expect(cancelled).toBeDefined();
  });

  it("is kept in a member's saved cart while its releases are on sale", async () => {
    const { release } = await insertReleaseOnSale(shop.app);
    const member = await shop.app.signIn(fan());
    const digital = [
      { releaseId: release.id, amount: "7" },
      { releaseId: crypto.randomUUID(), amount: "3.00" },
    ];
    const saved = await member.put("/api/merchandise-cart").send({ items: [], digital }).expect(200);
    expect(saved.body).toEqual({ items: [], digital: [{ releaseId: release.id, amount: "7.00" }] });
    expect((await member.get("/api/merchandise-cart").expect(200)).body.digital).toEqual(saved.body.digital);
  });

  it("goes whole when Stripe cannot start its payment: no order, no pending download", async () => {
    const { release } = await insertReleaseOnSale(shop.app);
    const email = fan();
    shop.stripe.failNextCreates(1);
    await place({ digital: [{ releaseId: release.id, amount: "6.00" }], email, country: "US" });
    expect(await shop.app.db.select().from(storePurchases).where(eq(storePurchases.email, email))).toEqual([]);
    expect(
      await shop.app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, email)),
    ).toEqual([]);
  });
});
