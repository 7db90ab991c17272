import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { merchandiseCheckoutContract } from "@shared/merchandise-checkout";
import type { merchandiseOrderPageContract } from "@shared/merchandise-order-page";
import { outboxMessages } from "@shared/outbox.table";
import { merchandiseShippingRates, merchandiseVariants, shippingZones } from "@shared/merchandise.table";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import type { ContractCases } from "../../../test/contract-harness";
import { insertMerchandise, intentIdOf } from "../../../test/payments";
import type { TestApp } from "../../../test/app-harness";

/** Iceland's zone (10 % tax), made once: another case may have replaced the zones. */
async function icelandZone(app: TestApp): Promise<string> {
  const [found] = await app.db
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(sql`'IS' = any(${shippingZones.countries})`);
  if (found) return found.id;
  const [zone] = await app.db
    .insert(shippingZones)
    .values({ name: "Contract Iceland", countries: ["IS"], taxRate: "10" })
    .returning();
  return zone.id;
}

/** An item's default variant, shipping to Iceland at 5.00 first and 1.00 each further unit. */
async function shippableVariant(app: TestApp, values: Parameters<typeof insertMerchandise>[1] = {}) {
  const zoneId = await icelandZone(app);
  const item = await insertMerchandise(app, values);
  await app.db
    .insert(merchandiseShippingRates)
    .values({ merchandiseId: item.id, zoneId, first: "5.00", additional: "1.00" });
  const [variant] = await app.db
    .select({ id: merchandiseVariants.id })
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.merchandiseId, item.id));
  return variant.id;
}

const ADDRESS = { name: "Contract Buyer", line1: "Laugavegur 1", city: "Reykjavík", postalCode: "101", country: "IS" };

/** Each checkout route's answers, for server/contract.test.ts. */
export const merchandiseCheckoutCases: ContractCases<typeof merchandiseCheckoutContract> = {
  async quote({ app, send }) {
    const variantId = await shippableVariant(app);
    const answer = await send("anonymous", { body: { items: [{ variantId, quantity: 2 }], country: "IS" } }, 200);
    expect(answer.body).toEqual({
      subtotal: "50.00",
      shipping: "6.00",
      tax: "5.60",
      total: "61.60",
      zone: expect.any(String),
      taxRate: "10",
      digital: [],
      digitalTaxRate: null,
    });
    await send("anonymous", { body: { items: [{ variantId, quantity: 1 }], country: "JP" } }, 400);
    await send("anonymous", { body: { items: [{ variantId: crypto.randomUUID(), quantity: 1 }], country: "IS" } }, 404);
    const hidden = await shippableVariant(app, { isAvailable: 0 });
    await send("anonymous", { body: { items: [{ variantId: hidden, quantity: 1 }], country: "IS" } }, 409);
  },
  async place({ app, send }) {
    const variantId = await shippableVariant(app, { stockQuantity: 2 });
    const order = { items: [{ variantId, quantity: 1 }], email: "cart@buyers.test", address: ADDRESS };
    const answer = await send("anonymous", { body: order }, 201);
    expect(answer.body).toMatchObject({ orderId: expect.any(String), total: "33.00" });
    await send("anonymous", { body: { ...order, address: { ...ADDRESS, country: "JP" } } }, 400);
    await send("anonymous", { body: { ...order, items: [{ variantId: crypto.randomUUID(), quantity: 1 }] } }, 404);
    await send("anonymous", { body: { ...order, items: [{ variantId, quantity: 2 }] } }, 409);
    const busy = "busy-cart@buyers.test";
    for (let i = 0; i < 3; i++) {
      await app.db
        .insert(merchandiseOrders)
        .values({ totalAmount: "10.00", customerEmail: busy, paymentStatus: "pending" });
    }
    await send("anonymous", { body: { ...order, email: busy } }, 429);
    await app.db
      .update(merchandiseOrders)
      .set({ paymentStatus: "failed" })
      .where(eq(merchandiseOrders.customerEmail, busy));
  },
  async getCart({ send }) {
    expect((await send("member", {}, 200)).body).toHaveProperty("items");
  },
  async putCart({ app, send }) {
    const variantId = await shippableVariant(app);
    const items = [{ variantId, quantity: 3 }];
    expect((await send("member", { body: { items } }, 200)).body).toEqual({ items, digital: [] });
    await send("member", { body: { items: [...items, ...items] } }, 400);
  },
};

/** The order page's answers, for server/contract.test.ts. */
export const merchandiseOrderPageCases: ContractCases<typeof merchandiseOrderPageContract> = {
  async orderPage({ app, stripe, send }) {
    const variantId = await shippableVariant(app);
    const placed = await app
      .agent()
      .post("/api/merchandise-orders")
      .send({ items: [{ variantId, quantity: 1 }], email: "page@buyers.test", address: ADDRESS })
      .expect(201);
    const paymentIntentId = intentIdOf(placed.body.clientSecret);
    stripe.succeed(paymentIntentId);
    await app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId }).expect(200);
    // The link the confirmation e-mail carries.
    const [message] = await app.db
      .select({ params: outboxMessages.params })
      .from(outboxMessages)
      .where(eq(outboxMessages.aboutId, placed.body.orderId));
    const link = (message.params as { link: string }).link;
    const token = decodeURIComponent(link.slice(link.lastIndexOf("/") + 1));
    const answer = await send("anonymous", { params: { token } }, 200);
    expect(answer.body).toMatchObject({ id: placed.body.orderId, status: "paid", total: "33.00" });
    await send("anonymous", { params: { token: `${placed.body.orderId}.${"A".repeat(22)}` } }, 404);
  },
};
