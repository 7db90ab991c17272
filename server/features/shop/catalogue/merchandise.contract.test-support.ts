import crypto from "node:crypto";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import type { merchandiseContract, merchandiseVariantsContract } from "@shared/merchandise";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import type { ContractCases } from "../../../test/contract-harness";
import type { TestApp } from "../../../test/app-harness";

const item = { name: "Tour Tee", price: "29.99", stockQuantity: 10 };

async function insertItem(app: TestApp, values: Partial<typeof merchandise.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(merchandise)
    .values({ ...item, ...values })
    .returning();
  return row;
}

function variantsOf(app: TestApp, merchandiseId: string) {
  return app.db.select().from(merchandiseVariants).where(eq(merchandiseVariants.merchandiseId, merchandiseId));
}

/** Each merchandise route's answers, for server/contract.test.ts. */
export const merchandiseCases: ContractCases<typeof merchandiseContract> = {
  async listAvailable({ app, send }) {
    await insertItem(app, { description: "Black, heavyweight", imageUrl: "/demo/merch/tee.svg", category: "Apparel" });
    const answer = await send("anonymous", {}, 200);
    expect(answer.body).not.toEqual([]);
  },
  async listAll({ app, send }) {
    await insertItem(app, { isAvailable: 0 });
    await send("admin", {}, 200);
  },
  async create({ send }) {
    await send("admin", { body: { ...item, category: "Apparel" } }, 201);
    await send("admin", { body: { name: "Hoodie", price: "" } }, 400);
  },
  async update({ app, send }) {
    const row = await insertItem(app);
    await send("admin", { params: { id: row.id }, body: { stockAdjustment: 1 } }, 200);
    await send("admin", { params: { id: row.id }, body: { stockQuantity: 0 } }, 400);
    // The stock moved since it was read: nothing is saved.
    const stale = { stockQuantity: 0, expectedStockQuantity: row.stockQuantity };
    await send("admin", { params: { id: row.id }, body: stale }, 409);
    await send("admin", { params: { id: row.id }, body: { maxPerOrder: 0 } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: {} }, 404);
  },
  async remove({ app, send }) {
    const row = await insertItem(app);
    await send("admin", { params: { id: row.id } }, 204);
    await send("admin", { params: { id: row.id } }, 404);
  },
};

/** Each route of an item's page, options and variants, for server/contract.test.ts. */
export const merchandiseVariantsCases: ContractCases<typeof merchandiseVariantsContract> = {
  async get({ app, send }) {
    const row = await insertItem(app);
    const answer = await send("anonymous", { params: { id: row.id } }, 200);
    expect((answer.body as { variants: unknown[] }).variants).toHaveLength(1);
    const hidden = await insertItem(app, { isAvailable: 0 });
    await send("anonymous", { params: { id: hidden.id } }, 404);
  },
  async setOptions({ app, send }) {
    const row = await insertItem(app);
    const answer = await send(
      "admin",
      { params: { id: row.id }, body: { options: [{ name: "Size", values: ["S", "M"] }] } },
      200,
    );
    expect(answer.body).toHaveLength(2);
    await send("admin", { params: { id: row.id }, body: { options: [{ name: "Size", values: [] }] } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: { options: [] } }, 404);
  },
  async updateVariant({ app, send }) {
    const row = await insertItem(app);
    const [first] = await variantsOf(app, row.id);
    await send("admin", { params: { variantId: first.id }, body: { sku: "TEE-1", price: "31.00" } }, 200);
    await send("admin", { params: { variantId: first.id }, body: { stockQuantity: -1 } }, 400);
    const taken = { stockAdjustment: -(first.stockQuantity + 1) };
    await send("admin", { params: { variantId: first.id }, body: taken }, 409);
    const other = await insertItem(app, { name: "Other Tee" });
    const [second] = await variantsOf(app, other.id);
    await send("admin", { params: { variantId: second.id }, body: { sku: "TEE-1" } }, 409);
    await send("admin", { params: { variantId: crypto.randomUUID() }, body: {} }, 404);
  },
  async requestStock({ app, send }) {
    const soldOut = await insertItem(app, { stockQuantity: 0 });
    const [variant] = await variantsOf(app, soldOut.id);
    await send("anonymous", { params: { variantId: variant.id }, body: { email: "fan@x.test" } }, 201);
    await send("anonymous", { params: { variantId: variant.id }, body: { email: "nope" } }, 400);
    const inStock = await insertItem(app);
    const [available] = await variantsOf(app, inStock.id);
    await send("anonymous", { params: { variantId: available.id }, body: { email: "fan@x.test" } }, 409);
    await send("anonymous", { params: { variantId: crypto.randomUUID() }, body: { email: "fan@x.test" } }, 404);
    // The 3 sign-ups of one address per visitor and hour (the contract app sets STOCK_REQUESTS_PER_HOUR=3).
    await send("anonymous", { params: { variantId: variant.id }, body: { email: "fan@x.test" } }, 201);
    await send("anonymous", { params: { variantId: variant.id }, body: { email: "fan@x.test" } }, 201);
    await send("anonymous", { params: { variantId: variant.id }, body: { email: "fan@x.test" } }, 429);
  },
};
