import crypto from "node:crypto";
import type { developmentResourcesContract } from "@shared/development-resources";
import { developmentResources } from "@shared/development-resources.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";

const resource = {
  title: "Splits 101",
  category: "legal",
  resourceType: "guide",
  downloadUrl: "/demo/resources/files/splits.txt",
  duration: 12,
} as const;

async function insertResource(app: TestApp, values: Partial<typeof developmentResources.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(developmentResources)
    .values({ ...resource, ...values })
    .returning();
  return row;
}

/** Each development-resource route's answers, for server/contract.test.ts. */
export const developmentResourcesCases: ContractCases<typeof developmentResourcesContract> = {
  async listPublished({ app, send }) {
    await insertResource(app, { embedUrl: "https://www.youtube-nocookie.com/embed/abc" });
    await send("member", {}, 200);
    await send("member", { query: { category: "legal" } }, 200);
    await send("member", { query: { category: "cooking" } }, 400);
  },
  async listAll({ app, send }) {
    await insertResource(app, { isPublished: 0 });
    await send("admin", {}, 200);
  },
  async create({ send }) {
    await send("admin", { body: { ...resource, description: "How royalties split" } }, 201);
    await send("admin", { body: { title: "", category: "cooking" } }, 400);
  },
  async update({ app, send }) {
    const row = await insertResource(app);
    await send("admin", { params: { id: row.id }, body: { isPublished: 0 } }, 200);
    await send("admin", { params: { id: row.id }, body: { duration: -1 } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: {} }, 404);
  },
  async remove({ app, send }) {
    const row = await insertResource(app);
    await send("admin", { params: { id: row.id } }, 204);
    await send("admin", { params: { id: "not-a-uuid" } }, 404);
  },
};
