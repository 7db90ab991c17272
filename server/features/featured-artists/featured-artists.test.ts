import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { featuredArtists } from "@shared/featured-artists.table";
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
  await app.db.delete(featuredArtists);
});

const artist = {
  artistName: "Nova Reign",
  imageUrl: "/demo/artists/nova-reign.svg",
  month: "November 2026",
  bio: "R&B",
};

async function insertArtist(values: Partial<typeof featuredArtists.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(featuredArtists)
    .values({ ...artist, ...values })
    .returning();
  return row;
}

async function activeNames() {
  const rows = await app.db.select().from(featuredArtists).where(eq(featuredArtists.isActive, 1));
  return rows.map((row) => row.artistName);
}

describe("GET /api/featured-artists (public)", () => {
  it("lists every artist of one month, most recently added first, to signed-out visitors", async () => {
    await insertArtist({ artistName: "Older", createdAt: new Date("2026-01-01T00:00:00Z") });
    await insertArtist({ artistName: "Newest", createdAt: new Date("2026-03-01T00:00:00Z") });
    await insertArtist({ artistName: "Middle", createdAt: new Date("2026-02-01T00:00:00Z"), isActive: 1 });
    const res = await app.agent().get("/api/featured-artists").expect(200);
    expect(res.body.map((a: { artistName: string }) => a.artistName)).toEqual(["Newest", "Middle", "Older"]);
  });

  it("orders by the featured month's date, newest first, whatever the names or the order they were added in", async () => {
    const added = new Date("2026-12-01T00:00:00Z");
    // Added together, as the demo seed does: name order alone would give October, November, September.
    for (const [artistName, month] of [
      ["Marisol Vega", "October 2026"],
      ["Nova Reign", "November 2026"],
      ["The Velvet Static", "September 2026"],
      ["April Act", "april 2027"],
      ["Abbreviated", "Dec 2026"],
      ["Spaced", "\tJanuary   2027 "],
      ["Iso", "2025-12"],
      ["Someday", "Coming soon"],
      ["Bad ISO", "2026-13"],
    ]) {
      await insertArtist({ artistName, month, createdAt: added });
    }
    const res = await app.agent().get("/api/featured-artists").expect(200);
    expect(res.body.map((a: { month: string }) => a.month)).toEqual([
      "april 2027",
      "\tJanuary   2027 ",
      "Dec 2026",
      "November 2026",
      "October 2026",
      "September 2026",
      "2025-12",
      // Months that cannot be read come last, in name order.
      "2026-13",
      "Coming soon",
    ]);
  });
});

describe("GET /api/featured-artists/active (public)", () => {
  it("answers JSON null with 200 when no artist is active, never an inactive one", async () => {
    await insertArtist({ artistName: "Inactive", isActive: 0 });
    const res = await app.agent().get("/api/featured-artists/active").expect(200);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.text).toBe("null");
  });

  it("answers the active artist", async () => {
    await insertArtist({ artistName: "Inactive", createdAt: new Date("2027-01-01T00:00:00Z") });
    await insertArtist({ artistName: "Chosen", isActive: 1, songUrl: "/demo/song.mp3" });
    const res = await app.agent().get("/api/featured-artists/active").expect(200);
    expect(res.body).toMatchObject({ artistName: "Chosen", isActive: 1, songUrl: "/demo/song.mp3", videoUrl: null });
  });
});

describe("POST /api/featured-artists", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    await app.agent().post("/api/featured-artists").send(artist).expect(401);
    await member.post("/api/featured-artists").send(artist).expect(403);
    expect(await app.db.$count(featuredArtists)).toBe(0);
  });

  it("creates an inactive artist by default (201)", async () => {
    const current = await insertArtist({ artistName: "Current", isActive: 1 });
    const res = await admin.post("/api/featured-artists").send(artist).expect(201);
    expect(res.body).toMatchObject({ ...artist, isActive: 0, videoUrl: null, songUrl: null });
    expect(await activeNames()).toEqual([current.artistName]);
  });

  it("creating an active artist deactivates the previous one", async () => {
    await insertArtist({ artistName: "Previous", isActive: 1 });
    const res = await admin
      .post("/api/featured-artists")
      .send({ ...artist, artistName: "Next", isActive: 1 })
      .expect(201);
    expect(res.body.isActive).toBe(1);
    expect(await activeNames()).toEqual(["Next"]);
    expect((await app.agent().get("/api/featured-artists/active")).body.artistName).toBe("Next");
  });

  it("never leaves two active when admins activate at the same moment", async () => {
    await Promise.all(
      ["A", "B", "C", "D"].map((name) =>
        admin
          .post("/api/featured-artists")
          .send({ ...artist, artistName: name, isActive: 1 })
          .expect(201),
      ),
    );
    expect(await activeNames()).toHaveLength(1);
  });

  it("answers 400 with field errors (missing name, unsafe image link, isActive out of range)", async () => {
    const res = await admin
      .post("/api/featured-artists")
      .send({ imageUrl: "javascript:alert(1)", month: "May 2027", isActive: 2 })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(["artistName", "imageUrl", "isActive"]);
  });
});

describe("PATCH /api/featured-artists/:id", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    const row = await insertArtist();
    await app.agent().patch(`/api/featured-artists/${row.id}`).send({ isActive: 1 }).expect(401);
    await member.patch(`/api/featured-artists/${row.id}`).send({ isActive: 1 }).expect(403);
    expect(await activeNames()).toEqual([]);
  });

  it("activating one deactivates the others in the same step (200 with the row)", async () => {
    await insertArtist({ artistName: "Was Active", isActive: 1 });
    const row = await insertArtist({ artistName: "Becomes Active" });
    const res = await admin.patch(`/api/featured-artists/${row.id}`).send({ isActive: 1, bio: "New bio" }).expect(200);
    expect(res.body).toMatchObject({ id: row.id, isActive: 1, bio: "New bio", artistName: "Becomes Active" });
    expect(await activeNames()).toEqual(["Becomes Active"]);
  });

  it("deactivating leaves no active artist, and the public answer becomes null", async () => {
    const row = await insertArtist({ isActive: 1 });
    await admin.patch(`/api/featured-artists/${row.id}`).send({ isActive: 0 }).expect(200);
    expect((await app.agent().get("/api/featured-artists/active").expect(200)).body).toBeNull();
  });

  it("clears an optional link sent as an empty string", async () => {
    const row = await insertArtist({ videoUrl: "https://video.example/clip" });
    const res = await admin.patch(`/api/featured-artists/${row.id}`).send({ videoUrl: "" }).expect(200);
    expect(res.body.videoUrl).toBeNull();
  });

  it("answers 400 with field errors", async () => {
    const row = await insertArtist();
    const res = await admin.patch(`/api/featured-artists/${row.id}`).send({ month: "" }).expect(400);
    expect(res.body.fieldErrors).toEqual({ month: ["Required"] });
  });

  it("answers 404 for an unknown id without deactivating anyone, and for a malformed id", async () => {
    await insertArtist({ artistName: "Stays Active", isActive: 1 });
    const res = await admin.patch(`/api/featured-artists/${crypto.randomUUID()}`).send({ isActive: 1 }).expect(404);
    expect(res.body.message).toBe("Featured artist not found");
    expect(await activeNames()).toEqual(["Stays Active"]);
    await admin.patch("/api/featured-artists/xyz").send({ isActive: 1 }).expect(404);
  });
});

describe("DELETE /api/featured-artists/:id", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    const row = await insertArtist();
    await app.agent().delete(`/api/featured-artists/${row.id}`).expect(401);
    await member.delete(`/api/featured-artists/${row.id}`).expect(403);
    expect(await app.db.$count(featuredArtists)).toBe(1);
  });

  it("deletes for an admin (204), then answers 404", async () => {
    const row = await insertArtist();
    await admin.delete(`/api/featured-artists/${row.id}`).expect(204);
    expect(await app.db.$count(featuredArtists)).toBe(0);
    const res = await admin.delete(`/api/featured-artists/${row.id}`).expect(404);
    expect(res.body.message).toBe("Featured artist not found");
    await admin.delete("/api/featured-artists/xyz").expect(404);
  });
});
