import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { liveStreams } from "@shared/live-streams.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";

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
  await app.db.delete(liveStreams);
});

// Distinctive values so a leak shows up anywhere in the raw response text.
const KEYS = {
  facebookStreamKey: "FB-SECRET-7f3a9c",
  instagramStreamKey: "IG-SECRET-41d2e8",
  rumbleApiKey: "RUMBLE-SECRET-90bb1f",
};
const SECRET_VALUES = Object.values(KEYS);
const KEY_FIELDS = Object.keys(KEYS);

function expectNoKeys(text: string) {
  for (const value of SECRET_VALUES) expect(text).not.toContain(value);
  for (const field of KEY_FIELDS) expect(text).not.toContain(field);
}

async function insertStream(values: Partial<typeof liveStreams.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(liveStreams)
    .values({ title: "Studio Session", ...values })
    .returning();
  return row;
}

async function stored(id: string) {
  const [row] = await app.db.select().from(liveStreams).where(eq(liveStreams.id, id));
  return row;
}

describe("GET /api/live-streams/current (public)", () => {
  it("answers JSON null with 200 when there is no stream", async () => {
    const res = await app.agent().get("/api/live-streams/current").expect(200);
    expect(res.text).toBe("null");
  });

  it("prefers the live stream over newer ones", async () => {
    await insertStream({ title: "Live One", status: "live", createdAt: new Date("2026-01-01T00:00:00Z") });
    await insertStream({ title: "Newer, Scheduled", createdAt: new Date("2026-06-01T00:00:00Z") });
    const res = await app.agent().get("/api/live-streams/current").expect(200);
    expect(res.body.title).toBe("Live One");
  });

  it("falls back to the most recently created stream when none is live", async () => {
    await insertStream({ title: "Old", status: "ended", createdAt: new Date("2026-01-01T00:00:00Z") });
    await insertStream({ title: "Newest", createdAt: new Date("2026-06-01T00:00:00Z") });
    await insertStream({ title: "Middle", createdAt: new Date("2026-03-01T00:00:00Z") });
    expect((await app.agent().get("/api/live-streams/current")).body.title).toBe("Newest");
  });

  it("never sends a stream key: only which platforms are set, and the TikTok username", async () => {
    await insertStream({
      status: "live",
      viewerCount: 42,
      embedUrl: "https://player.example/embed/1",
      ...KEYS,
      tiktokUsername: "@novareign",
    });
    const res = await app.agent().get("/api/live-streams/current").expect(200);
    expectNoKeys(res.text);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: "Studio Session",
      description: null,
      status: "live",
      viewerCount: 42,
      streamUrl: null,
      embedUrl: "https://player.example/embed/1",
      thumbnailUrl: null,
      scheduledFor: null,
      startedAt: null,
      endedAt: null,
      platforms: { facebook: true, instagram: true, tiktok: true, rumble: true },
      tiktokUsername: "@novareign",
    });
  });

  it("reports absent platforms as false", async () => {
    await insertStream({ status: "live", instagramStreamKey: KEYS.instagramStreamKey });
    const res = await app.agent().get("/api/live-streams/current").expect(200);
    expect(res.body.platforms).toEqual({ facebook: false, instagram: true, tiktok: false, rumble: false });
    expect(res.body.tiktokUsername).toBeNull();
  });
});

describe("GET /api/live-streams", () => {
  it("is for administrators only", async () => {
    await app.agent().get("/api/live-streams").expect(401);
    await member.get("/api/live-streams").expect(403);
  });

  it("lists every stream newest first, with platforms instead of keys", async () => {
    await insertStream({ title: "Older", createdAt: new Date("2026-01-01T00:00:00Z"), ...KEYS });
    await insertStream({ title: "Newer", createdAt: new Date("2026-02-01T00:00:00Z") });
    const res = await admin.get("/api/live-streams").expect(200);
    expectNoKeys(res.text);
    expect(res.body.map((s: { title: string }) => s.title)).toEqual(["Newer", "Older"]);
    expect(res.body[1]).toMatchObject({
      platforms: { facebook: true, instagram: true, tiktok: false, rumble: true },
      createdAt: "2026-01-01T00:00:00.000Z",
    });
  });
});

describe("POST /api/live-streams", () => {
  const body = { title: "Listening Party", description: "Front to back", ...KEYS };

  it("refuses signed-out visitors (401) and members (403)", async () => {
    await app.agent().post("/api/live-streams").send(body).expect(401);
    await member.post("/api/live-streams").send(body).expect(403);
    expect(await app.db.$count(liveStreams)).toBe(0);
  });

  it("creates a scheduled stream (201), stores the keys and does not echo them", async () => {
    const res = await admin.post("/api/live-streams").send(body).expect(201);
    expectNoKeys(res.text);
    expect(res.body).toMatchObject({ title: "Listening Party", status: "scheduled", viewerCount: 0, startedAt: null });
    expect(await stored(res.body.id)).toMatchObject(KEYS);
  });

  it("creating a live stream stamps startedAt and ends the stream that was live", async () => {
    const previous = await insertStream({ title: "Was Live", status: "live" });
    const res = await admin.post("/api/live-streams").send({ title: "Now Live", status: "live" }).expect(201);
    expect(res.body.startedAt).toEqual(expect.any(String));
    expect(await stored(previous.id)).toMatchObject({ status: "ended", endedAt: expect.any(Date) });
  });

  it("answers 400 with field errors", async () => {
    const res = await admin
      .post("/api/live-streams")
      .send({ title: "", status: "paused", viewerCount: -1, embedUrl: "javascript:alert(1)" })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(["embedUrl", "status", "title", "viewerCount"]);
  });
});

describe("PATCH /api/live-streams/:id", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    const row = await insertStream();
    await app.agent().patch(`/api/live-streams/${row.id}`).send({ status: "live" }).expect(401);
    await member.patch(`/api/live-streams/${row.id}`).send({ status: "live" }).expect(403);
    expect((await stored(row.id)).status).toBe("scheduled");
  });

  it("going live stamps startedAt, clears endedAt and ends every other live stream (200)", async () => {
    const other = await insertStream({ title: "Other", status: "live" });
    const row = await insertStream({ status: "ended", endedAt: new Date("2026-01-01T00:00:00Z") });
    const before = Date.now();
    const res = await admin.patch(`/api/live-streams/${row.id}`).send({ status: "live" }).expect(200);
    expect(res.body).toMatchObject({ id: row.id, status: "live", endedAt: null });
    expect(Date.parse(res.body.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(await stored(other.id)).toMatchObject({ status: "ended", endedAt: expect.any(Date) });
    expect((await app.agent().get("/api/live-streams/current")).body.id).toBe(row.id);
  });

  it("never leaves two streams live when admins go live at the same moment", async () => {
    const rows = await Promise.all(["A", "B", "C", "D"].map((title) => insertStream({ title })));
    await Promise.all(
      rows.map((row) => admin.patch(`/api/live-streams/${row.id}`).send({ status: "live" }).expect(200)),
    );
    expect(await app.db.$count(liveStreams, eq(liveStreams.status, "live"))).toBe(1);
  });

  it("ending stamps endedAt; a stream that is already live keeps its startedAt", async () => {
    const startedAt = new Date("2026-05-05T20:00:00Z");
    const row = await insertStream({ status: "live", startedAt });
    const same = await admin.patch(`/api/live-streams/${row.id}`).send({ status: "live", viewerCount: 12 }).expect(200);
    expect(same.body).toMatchObject({ startedAt: startedAt.toISOString(), viewerCount: 12 });
    const ended = await admin.patch(`/api/live-streams/${row.id}`).send({ status: "ended" }).expect(200);
    expect(ended.body).toMatchObject({
      status: "ended",
      startedAt: startedAt.toISOString(),
      endedAt: expect.any(String),
    });
  });

  it("keeps a key that is left out and clears a key sent as an empty string", async () => {
    const row = await insertStream(KEYS);
    const res = await admin
      .patch(`/api/live-streams/${row.id}`)
      .send({ facebookStreamKey: "", title: "Renamed" })
      .expect(200);
    expectNoKeys(res.text);
    expect(res.body.platforms).toEqual({ facebook: false, instagram: true, tiktok: false, rumble: true });
    expect(await stored(row.id)).toMatchObject({
      title: "Renamed",
      facebookStreamKey: null,
      instagramStreamKey: KEYS.instagramStreamKey,
      rumbleApiKey: KEYS.rumbleApiKey,
    });
  });

  it("answers 400 with field errors", async () => {
    const row = await insertStream();
    const res = await admin.patch(`/api/live-streams/${row.id}`).send({ status: "paused" }).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(["status"]);
  });

  it("answers 404 for an unknown id without ending the live stream, and for a malformed id", async () => {
    const live = await insertStream({ status: "live" });
    const res = await admin.patch(`/api/live-streams/${crypto.randomUUID()}`).send({ status: "live" }).expect(404);
    expect(res.body.message).toBe("Live stream not found");
    expect((await stored(live.id)).status).toBe("live");
    await admin.patch("/api/live-streams/0").send({ status: "live" }).expect(404);
  });
});

describe("DELETE /api/live-streams/:id", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    const row = await insertStream();
    await app.agent().delete(`/api/live-streams/${row.id}`).expect(401);
    await member.delete(`/api/live-streams/${row.id}`).expect(403);
    expect(await app.db.$count(liveStreams)).toBe(1);
  });

  it("deletes for an admin (204), then answers 404", async () => {
    const row = await insertStream();
    await admin.delete(`/api/live-streams/${row.id}`).expect(204);
    expect(await app.db.$count(liveStreams)).toBe(0);
    const res = await admin.delete(`/api/live-streams/${row.id}`).expect(404);
    expect(res.body.message).toBe("Live stream not found");
    await admin.delete("/api/live-streams/0").expect(404);
  });
});
