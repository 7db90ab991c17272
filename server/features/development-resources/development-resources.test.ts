import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InsertDevelopmentResourceInput } from "@shared/development-resources";
import { developmentResources } from "@shared/development-resources.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";

const ADMIN = "admin@x.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN, "Ada Admin");
  member = await app.signIn("fan@x.test", "Fran Fan");
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.db.delete(developmentResources);
});

const valid = {
  title: "Vocal Recording Fundamentals",
  description: "Get a clean vocal at home.",
  category: "production",
  resourceType: "tutorial",
  contentUrl: "https://videos.example.test/vocals",
  embedUrl: "https://www.youtube-nocookie.com/embed/abc",
  thumbnailUrl: "/demo/resources/production.svg",
  downloadUrl: "/demo/resources/files/vocal-recording-fundamentals.txt",
  duration: 35,
  isPublished: 1,
} as const;

async function insertResource(values: Partial<InsertDevelopmentResourceInput> & { createdAt?: Date } = {}) {
  const [row] = await app.db
    .insert(developmentResources)
    .values({ ...valid, ...values })
    .returning();
  return row;
}

const titles = (body: { title: string }[]) => body.map((r) => r.title);

describe("GET /api/development-resources", () => {
  it("refuses signed-out visitors", async () => {
    await app.agent().get("/api/development-resources").expect(401);
  });

  it("lists published resources newest first, hiding unpublished ones", async () => {
    await insertResource({ title: "Old", createdAt: new Date("2026-01-01") });
    await insertResource({ title: "New", category: "legal", createdAt: new Date("2026-03-01") });
    await insertResource({ title: "Draft", isPublished: 0, createdAt: new Date("2026-04-01") });
    const res = await member.get("/api/development-resources").expect(200);
    expect(titles(res.body)).toEqual(["New", "Old"]);
    expect(res.body[0]).toMatchObject({ ...valid, title: "New", category: "legal", id: expect.any(String) });
  });

  it("filters by category", async () => {
    await insertResource({ title: "Mixing", category: "production" });
    await insertResource({ title: "Splits", category: "legal" });
    await insertResource({ title: "Hidden splits", category: "legal", isPublished: 0 });
    const legal = await member.get("/api/development-resources?category=legal").expect(200);
    expect(titles(legal.body)).toEqual(["Splits"]);
    const marketing = await member.get("/api/development-resources?category=marketing").expect(200);
    expect(marketing.body).toEqual([]);
  });

  it("refuses an unknown category (400)", async () => {
    const res = await member.get("/api/development-resources?category=cooking").expect(400);
    expect(res.body.fieldErrors.category).toBeDefined();
  });
});

describe("managing development resources", () => {
  it("lists every resource, drafts included, for admins only", async () => {
    await insertResource({ title: "Live" });
    await insertResource({ title: "Draft", isPublished: 0 });
    await app.agent().get("/api/development-resources/all").expect(401);
    await member.get("/api/development-resources/all").expect(403);
    const res = await admin.get("/api/development-resources/all").expect(200);
    expect(titles(res.body).sort()).toEqual(["Draft", "Live"]);
  });

  it("creates a resource (201), publishing by default and storing blank links as null", async () => {
    await app.agent().post("/api/development-resources").send(valid).expect(401);
    await member.post("/api/development-resources").send(valid).expect(403);
    const body = {
      title: "Splits 101",
      category: "legal",
      resourceType: "guide",
      embedUrl: "",
      duration: 12,
      id: "forged",
    };
    const res = await admin.post("/api/development-resources").send(body).expect(201);
    expect(res.body).toMatchObject({ title: "Splits 101", embedUrl: null, isPublished: 1, duration: 12 });
    expect(res.body.id).not.toBe("forged");
  });

  it("refuses invalid bodies with field messages (400)", async () => {
    const res = await admin
      .post("/api/development-resources")
      .send({
        title: "",
        category: "cooking",
        resourceType: "podcast",
        contentUrl: "javascript:alert(1)",
        duration: -1,
      })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual([
      "category",
      "contentUrl",
      "duration",
      "resourceType",
      "title",
    ]);
  });

  it("updates only the given fields (200) and answers 404 for unknown ids", async () => {
    const row = await insertResource();
    await member.patch(`/api/development-resources/${row.id}`).send({ isPublished: 0 }).expect(403);
    const res = await admin
      .patch(`/api/development-resources/${row.id}`)
      .send({ isPublished: 0, title: "Renamed" })
      .expect(200);
    expect(res.body).toMatchObject({
      id: row.id,
      title: "Renamed",
      isPublished: 0,
      category: valid.category,
      duration: 35,
    });
    await admin.patch(`/api/development-resources/${row.id}`).send({ category: "cooking" }).expect(400);
    const missing = await admin
      .patch(`/api/development-resources/${crypto.randomUUID()}`)
      .send({ title: "x" })
      .expect(404);
    expect(missing.body.message).toBe("Development resource not found");
    await admin.patch("/api/development-resources/not-a-uuid").send({ title: "x" }).expect(404);
    expect(titles((await member.get("/api/development-resources").expect(200)).body)).toEqual([]);
  });

  it("deletes a resource (204) and answers 404 afterwards", async () => {
    const row = await insertResource();
    await member.delete(`/api/development-resources/${row.id}`).expect(403);
    await admin.delete(`/api/development-resources/${row.id}`).expect(204);
    await admin.delete(`/api/development-resources/${row.id}`).expect(404);
    expect((await admin.get("/api/development-resources/all").expect(200)).body).toEqual([]);
  });
});
