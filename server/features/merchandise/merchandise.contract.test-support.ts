import crypto from "node:crypto";
import { expect } from "vitest";
import type { merchandiseContract } from "@shared/merchandise";
import { merchandise } from "@shared/merchandise.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";

const item = { name: "Tour Tee", price: "29.99", stockQuantity: 10 };

async function insertItem(app: TestApp, values: Partial<typeof merchandise.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(merchandise)
    .values({ ...item, ...values })
    .returning();
  return row;
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
    await send("admin", { params: { id: row.id }, body: { stockQuantity: 0 } }, 200);
    await send("admin", { params: { id: row.id }, body: { maxPerOrder: 0 } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: {} }, 404);
  },
  async remove({ app, send }) {
    const row = await insertItem(app);
    await send("admin", { params: { id: row.id } }, 204);
    await send("admin", { params: { id: row.id } }, 404);
  },
};
