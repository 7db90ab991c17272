import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";

const ADMIN = "admin@x.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN);
  member = await app.signIn("fan@x.test");
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.db.delete(merchandise);
});

async function insertItem(values: Partial<typeof merchandise.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(merchandise)
    .values({ name: "Tour Tee", price: "29.99", stockQuantity: 10, ...values })
    .returning();
  return row;
}

const names = (body: { name: string }[]) => body.map((item) => item.name).sort();

describe("GET /api/merchandise (public)", () => {
  it("lists only available items to signed-out visitors, prices as two-decimal strings", async () => {
    await insertItem({ name: "Hoodie", price: "59.9" });
    await insertItem({ name: "Retired Vinyl", isAvailable: 0 });
    const res = await app.agent().get("/api/merchandise").expect(200);
    expect(names(res.body)).toEqual(["Hoodie"]);
    expect(res.body[0]).toMatchObject({ price: "59.90", stockQuantity: 10, isAvailable: 1 });
  });

  it("answers [] when nothing is available", async () => {
    await insertItem({ isAvailable: 0 });
    expect((await app.agent().get("/api/merchandise").expect(200)).body).toEqual([]);
  });
});

describe("GET /api/merchandise/all", () => {
  it("is for administrators only", async () => {
    await app.agent().get("/api/merchandise/all").expect(401);
    await member.get("/api/merchandise/all").expect(403);
  });

  it("lists every item, available or not, for an admin", async () => {
    await insertItem({ name: "Hoodie" });
    await insertItem({ name: "Retired Vinyl", isAvailable: 0 });
    const res = await admin.get("/api/merchandise/all").expect(200);
    expect(names(res.body)).toEqual(["Hoodie", "Retired Vinyl"]);
  });
});

describe("POST /api/merchandise", () => {
  it("gives an item made without options the same SKU scheme: its name, then a number if taken", async () => {
    const skuOf = async (id: string) =>
      (await app.db.select().from(merchandiseVariants).where(eq(merchandiseVariants.merchandiseId, id)))[0].sku;
    const body = { name: "Pin Set 2026", price: "9.00", stockQuantity: 3 };
    const first = (await admin.post("/api/merchandise").send(body).expect(201)).body as { id: string };
    const second = (await admin.post("/api/merchandise").send(body).expect(201)).body as { id: string };
    expect(await skuOf(first.id)).toBe("PIN-SET-2026");
    expect(await skuOf(second.id)).toBe("PIN-SET-2026-2");
  });

  const item = { name: "Enamel Pin Set", description: "Three pins", price: "14.5", category: "Accessories" };

  it("refuses signed-out visitors (401) and members (403)", async () => {
    await app.agent().post("/api/merchandise").send(item).expect(401);
    await member.post("/api/merchandise").send(item).expect(403);
    expect(await app.db.$count(merchandise)).toBe(0);
  });

  it("creates an item with stock 0 and available 1 by default (201)", async () => {
    const res = await admin.post("/api/merchandise").send(item).expect(201);
    expect(res.body).toMatchObject({ ...item, price: "14.50", stockQuantity: 0, isAvailable: 1, imageUrl: null });
  });

  it("refuses a negative price or stock and an empty price with field messages (400)", async () => {
    const negative = await admin
      .post("/api/merchandise")
      .send({ ...item, price: "-1.00", stockQuantity: -3 })
      .expect(400);
    expect(Object.keys(negative.body.fieldErrors).sort()).toEqual(["price", "stockQuantity"]);
    const empty = await admin
      .post("/api/merchandise")
      .send({ ...item, price: "" })
      .expect(400);
    expect(empty.body.fieldErrors.price[0]).toBe("Price is required");
    expect(await app.db.$count(merchandise)).toBe(0);
  });
});

describe("PATCH /api/merchandise/:id", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    const row = await insertItem();
    await app.agent().patch(`/api/merchandise/${row.id}`).send({ price: "1.00" }).expect(401);
    await member.patch(`/api/merchandise/${row.id}`).send({ price: "1.00" }).expect(403);
    const [stored] = await app.db.select().from(merchandise).where(eq(merchandise.id, row.id));
    expect(stored.price).toBe("29.99");
  });

  it("changes only the fields sent (200 with the row)", async () => {
    const row = await insertItem({ description: "Heavy cotton" });
    const res = await admin.patch(`/api/merchandise/${row.id}`).send({ price: "24", isAvailable: 0 }).expect(200);
    expect(res.body).toMatchObject({
      id: row.id,
      name: "Tour Tee",
      description: "Heavy cotton",
      price: "24.00",
      stockQuantity: 10,
      isAvailable: 0,
    });
  });

  it("answers an empty body with the unchanged row", async () => {
    const row = await insertItem();
    const res = await admin.patch(`/api/merchandise/${row.id}`).send({}).expect(200);
    expect(res.body).toMatchObject({ id: row.id, name: "Tour Tee", price: "29.99" });
  });

  it("refuses a negative stock with a field message (400)", async () => {
    const row = await insertItem();
    const res = await admin
      .patch(`/api/merchandise/${row.id}`)
      .send({ stockQuantity: -1, expectedStockQuantity: row.stockQuantity })
      .expect(400);
    expect(res.body.fieldErrors.stockQuantity).toHaveLength(1);
  });

  it("answers 404 for an unknown id and for a malformed id", async () => {
    const res = await admin.patch(`/api/merchandise/${crypto.randomUUID()}`).send({ price: "1.00" }).expect(404);
    expect(res.body.message).toBe("Merchandise item not found");
    await admin.patch("/api/merchandise/nope").send({ price: "1.00" }).expect(404);
  });
});

describe("DELETE /api/merchandise/:id", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    const row = await insertItem();
    await app.agent().delete(`/api/merchandise/${row.id}`).expect(401);
    await member.delete(`/api/merchandise/${row.id}`).expect(403);
    expect(await app.db.$count(merchandise)).toBe(1);
  });

  it("deletes for an admin (204), then answers 404", async () => {
    const row = await insertItem();
    await admin.delete(`/api/merchandise/${row.id}`).expect(204);
    expect(await app.db.$count(merchandise)).toBe(0);
    const res = await admin.delete(`/api/merchandise/${row.id}`).expect(404);
    expect(res.body.message).toBe("Merchandise item not found");
    await admin.delete("/api/merchandise/nope").expect(404);
  });
});
