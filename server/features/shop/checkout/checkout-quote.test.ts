import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { insertMerchandise, intentIdOf, postWebhook } from "../../../test/payments";
import type { StripeStandIn } from "../../../test/stripe-stand-in";
import { ADDRESS_US, itemWithVariants, place, shirtAndTote, stockOf, useShopApp, ZONES } from "./checkout.test-support";

const shop = useShopApp();
let app: TestApp;
let admin: Agent;
let stripe: StripeStandIn;
beforeAll(() => {
  ({ app, admin, stripe } = shop);
});

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
      digital: [],
      digitalTaxRate: null,
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
    expect((await member.get("/api/merchandise-cart").expect(200)).body).toEqual({ items: [], digital: [] });
    const items = [
      { variantId: shirt.variants[0], quantity: 2 },
      { variantId: "00000000-0000-4000-8000-000000000000", quantity: 1 },
    ];
    const saved = await member.put("/api/merchandise-cart").send({ items }).expect(200);
    expect(saved.body).toEqual({ items: [items[0]], digital: [] });
    expect((await member.get("/api/merchandise-cart").expect(200)).body).toEqual({ items: [items[0]], digital: [] });
    await app.agent().get("/api/merchandise-cart").expect(401);
  });
});
