import { expect } from "vitest";
import type { merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import type { ContractCases } from "../../../test/contract-harness";
import { buyItem, insertMerchandise, intentIdOf } from "../../../test/payments";
import type { TestApp } from "../../../test/app-harness";

async function insertOrder(app: TestApp, values: Partial<typeof merchandiseOrders.$inferInsert>) {
  const order = {
    itemName: "Retired Shirt",
    unitPrice: "25.00",
    quantity: 1,
    totalAmount: "25.00",
    customerEmail: "old@buyers.test",
  };
  await app.db.insert(merchandiseOrders).values({ ...order, ...values });
}

/** Each merchandise-order route's answers, for server/contract.test.ts. */
export const merchandiseOrdersCases: ContractCases<typeof merchandiseOrdersContract> = {
  async paymentIntent({ app, send }) {
    // Retired: whatever it is sent, nothing is held.
    const item = await insertMerchandise(app);
    await send("anonymous", { body: { merchandiseId: item.id, quantity: 1, customerEmail: "one@buyers.test" } }, 410);
  },
  async complete({ app, stripe, send }) {
    const item = await insertMerchandise(app);
    const started = await buyItem(app, item.id, 2, "paying@buyers.test").expect(201);
    const paymentIntentId = intentIdOf(started.body.clientSecret);
    // Not paid yet.
    await send("anonymous", { body: { paymentIntentId } }, 409);
    await send("anonymous", { body: { paymentIntentId: "pi_unknown_to_stripe" } }, 404);
    await send("anonymous", { body: { paymentIntentId: "not-an-intent" } }, 400);
    stripe.succeed(paymentIntentId);
    expect((await send("anonymous", { body: { paymentIntentId } }, 200)).body).toMatchObject({ paymentStatus: "paid" });
  },
  async list({ app, send }) {
    await insertOrder(app, { merchandiseId: null, paymentStatus: "paid", paidAt: new Date() });
    expect((await send("admin", {}, 200)).body).not.toEqual([]);
    expect((await send("admin", { query: { status: "paid", q: "old@buyers.test" } }, 200)).body).not.toEqual([]);
    await send("admin", { query: { status: "lost" } }, 400);
  },
};
