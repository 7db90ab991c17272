import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyCodeAssignments, royaltyLines, royaltySplits, tracks } from "@shared/royalties.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { startRoyaltiesApp } from "../royalties.test-support";
import { insertPayee, insertRelease, makeIsrc, makeUpc } from "./royalty-catalogue.test-support";

const ADMIN = "admin@royalties.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  ({ app, admin } = await startRoyaltiesApp(ADMIN, "Ada Admin"));
  member = await app.signIn("fan@royalties.test", "Fran Fan");
});
afterAll(() => app?.close());

function releaseBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Night Drive",
    artist: "Nova Reign",
    upc: makeUpc(),
    releaseDate: "2026-05-01",
    tracks: [
      { title: "Intro", isrc: makeIsrc() },
      { title: "Night Drive", isrc: makeIsrc() },
    ],
    ...overrides,
  };
}

describe("access", () => {
  it("asks a visitor to sign in and refuses a member", async () => {
    await app.agent().get("/api/releases").expect(401);
    await app.agent().get("/api/payees").expect(401);
    await member.get("/api/releases").expect(403);
    await member.post("/api/payees").send({ name: "X", email: "x@y.test" }).expect(403);
    await member.put(`/api/tracks/${crypto.randomUUID()}/splits`).send({ splits: [] }).expect(403);
  });
});

describe("POST /api/releases", () => {
  it("adds a release with its tracks in the given order, codes normalised", async () => {
    const upc = makeUpc();
    const isrc = makeIsrc();
    const dashed = `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}`.toLowerCase();
    const res = await admin
      .post("/api/releases")
      .send(
        releaseBody({
          upc: `${upc.slice(0, 6)} ${upc.slice(6)}`,
          tracks: [
            { title: "B", isrc: dashed },
            { title: "A", isrc: makeIsrc() },
          ],
        }),
      )
      .expect(201);
    expect(res.body).toMatchObject({ title: "Night Drive", artist: "Nova Reign", upc, releaseDate: "2026-05-01" });
    expect(res.body.tracks.map((t: { title: string }) => t.title)).toEqual(["B", "A"]);
    expect(res.body.tracks[0]).toEqual({ id: expect.any(String), title: "B", isrc });
    expect((await admin.get(`/api/releases/${res.body.id}`).expect(200)).body).toEqual(res.body);
  });

  it("refuses a UPC whose check digit is wrong, and one of the wrong length", async () => {
    const upc = makeUpc();
    const wrong = upc.slice(0, 11) + String((Number(upc[11]) + 1) % 10);
    const res = await admin
      .post("/api/releases")
      .send(releaseBody({ upc: wrong }))
      .expect(400);
    expect(res.body.fieldErrors.upc).toEqual(["This UPC's check digit is wrong; check the number"]);
    const short = await admin
      .post("/api/releases")
      .send(releaseBody({ upc: "12345" }))
      .expect(400);
    expect(short.body.fieldErrors.upc).toEqual(["A UPC is 12 digits (or an EAN 13)"]);
  });

  it("refuses an ISRC that is not CC-XXX-YY-NNNNN", async () => {
    const res = await admin
      .post("/api/releases")
      .send(releaseBody({ tracks: [{ title: "A", isrc: "US1234" }] }))
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(["tracks.0.isrc"]);
  });

  it("refuses the same ISRC twice in one release", async () => {
    const isrc = makeIsrc();
    const res = await admin
      .post("/api/releases")
      .send(
        releaseBody({
          tracks: [
            { title: "A", isrc },
            { title: "B", isrc: isrc.toLowerCase() },
          ],
        }),
      )
      .expect(400);
    expect(res.body.fieldErrors["tracks.1.isrc"]).toEqual([`ISRC ${isrc} is on two tracks of this release`]);
  });

  it("refuses a UPC or an ISRC another release holds, naming it, and keeps nothing", async () => {
    const { release, tracks: existing } = await insertRelease(app, { title: "Taken Title" });
    const upcRes = await admin
      .post("/api/releases")
      .send(releaseBody({ upc: release.upc }))
      .expect(409);
    expect(upcRes.body).toEqual({
      message: `UPC ${release.upc} is already used by Taken Title`,
      fieldErrors: { upc: [`UPC ${release.upc} is already used by Taken Title`] },
    });
    const body = releaseBody({
      tracks: [
        { title: "New", isrc: makeIsrc() },
        { title: "Dup", isrc: existing[1].isrc },
      ],
    });
    const isrcRes = await admin.post("/api/releases").send(body).expect(409);
    expect(isrcRes.body.message).toBe(`ISRC ${existing[1].isrc} is already on Track 2`);
    expect(isrcRes.body.fieldErrors).toEqual({ "tracks.1.isrc": [isrcRes.body.message] });
    const search = await admin.get("/api/releases").query({ q: body.upc }).expect(200);
    expect(search.body).toEqual([]);
  });

  it("refuses an ISRC assigned from the unmatched queue to another release's track", async () => {
    const { tracks: existing } = await insertRelease(app, {}, 1);
    const assigned = makeIsrc();
    await app.db.insert(royaltyCodeAssignments).values({ code: assigned, trackId: existing[0].id });
    const res = await admin
      .post("/api/releases")
      .send(releaseBody({ tracks: [{ title: "New", isrc: assigned }] }))
      .expect(409);
    expect(res.body.message).toBe(`ISRC ${assigned} is already on Track 1`);
  });

  it("answers 409, not 500, when the unique index catches two saves at once", async () => {
    const body = releaseBody();
    const answers = await Promise.all([
      admin.post("/api/releases").send(body),
      admin.post("/api/releases").send({ ...body, tracks: [{ title: "Other", isrc: makeIsrc() }] }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe("GET /api/releases", () => {
  it("lists newest first and finds by title, artist, UPC, track title or ISRC in any case", async () => {
    const marker = crypto.randomUUID().slice(0, 8);
    const first = await insertRelease(app, { title: `Older ${marker}` });
    const second = await insertRelease(app, { title: "Newer", artist: `Artist ${marker}` });
    const found = async (q: string) =>
      ((await admin.get("/api/releases").query({ q }).expect(200)).body as { id: string }[]).map((r) => r.id);
    expect(await found(marker.toUpperCase())).toEqual([second.release.id, first.release.id]);
    expect(await found(first.release.upc)).toEqual([first.release.id]);
    expect(await found(second.tracks[0].isrc.toLowerCase())).toEqual([second.release.id]);
    await app.db
      .update(tracks)
      .set({ title: `Hidden ${marker} song` })
      .where(eq(tracks.id, first.tracks[1].id));
    expect(await found(`hidden ${marker}`)).toEqual([first.release.id]);
    expect(await found("%")).not.toContain(first.release.id);
    const all = (await admin.get("/api/releases").expect(200)).body as { id: string; tracks: unknown[] }[];
    expect(all.findIndex((r) => r.id === second.release.id)).toBeLessThan(
      all.findIndex((r) => r.id === first.release.id),
    );
    expect(all.find((r) => r.id === first.release.id)?.tracks).toHaveLength(2);
  });

  it("answers 404 for a release that does not exist", async () => {
    const res = await admin.get(`/api/releases/${crypto.randomUUID()}`).expect(404);
    expect(res.body.message).toBe("Release not found");
  });
});

describe("PUT /api/releases/{id}", () => {
  it("edits the release, keeps tracks by id, adds new ones and removes unused ones", async () => {
    const {
      release,
      tracks: [a, b],
    } = await insertRelease(app);
    const isrc = makeIsrc();
    const res = await admin
      .put(`/api/releases/${release.id}`)
      .send({
        title: "Renamed",
        artist: "Nova",
        upc: release.upc,
        releaseDate: "",
        tracks: [
          { title: "New", isrc },
          { id: b.id, title: "B edited", isrc: b.isrc },
        ],
      })
      .expect(200);
    expect(res.body).toMatchObject({ title: "Renamed", artist: "Nova", releaseDate: null });
    expect(res.body.tracks).toEqual([
      { id: expect.any(String), title: "New", isrc },
      { id: b.id, title: "B edited", isrc: b.isrc },
    ]);
    expect(await app.db.select().from(tracks).where(eq(tracks.id, a.id))).toEqual([]);
  });

  it("refuses to remove a track that has splits, royalty lines or an assigned code, naming it", async () => {
    const payee = await insertPayee(app);
    const {
      release,
      tracks: [a, b],
    } = await insertRelease(app, {}, 4);
    const [, , c, d] = (await app.db.select().from(tracks).where(eq(tracks.releaseId, release.id))).sort(
      (x, y) => x.position - y.position,
    );
    await app.db.insert(royaltySplits).values({ trackId: b.id, payeeId: payee.id, share: "10.00" });
    await app.db
      .insert(royaltyLines)
      .values({ reportedOn: "2026-01-31", currency: "USD", amount: "1", rate: "1", converted: "1", trackId: c.id });
    await app.db.insert(royaltyCodeAssignments).values({ code: makeIsrc(), trackId: d.id });
    const body = {
      title: release.title,
      artist: release.artist,
      upc: release.upc,
      tracks: [{ id: a.id, title: a.title, isrc: a.isrc }],
    };
    const res = await admin.put(`/api/releases/${release.id}`).send(body).expect(409);
    expect(res.body.message).toBe(
      "Track 2 has splits, so it cannot be removed; Track 3 has royalty lines, so it cannot be removed; Track 4 has an assigned code, so it cannot be removed",
    );
    expect(await app.db.select().from(tracks).where(eq(tracks.releaseId, release.id))).toHaveLength(4);
  });

  it("refuses an ISRC another release holds, and a track id of another release", async () => {
    const {
      release,
      tracks: [a],
    } = await insertRelease(app);
    const other = await insertRelease(app, { title: "Other" });
    const base = { title: release.title, artist: release.artist, upc: release.upc };
    const taken = await admin
      .put(`/api/releases/${release.id}`)
      .send({ ...base, tracks: [{ id: a.id, title: a.title, isrc: other.tracks[0].isrc }] })
      .expect(409);
    expect(taken.body.message).toBe(`ISRC ${other.tracks[0].isrc} is already on Track 1`);
    const foreign = await admin
      .put(`/api/releases/${release.id}`)
      .send({ ...base, tracks: [{ id: other.tracks[0].id, title: "Stolen", isrc: makeIsrc() }] })
      .expect(400);
    expect(foreign.body.fieldErrors).toEqual({ "tracks.0.id": ["This track is not on this release"] });
    await admin
      .put(`/api/releases/${crypto.randomUUID()}`)
      .send({ ...base, upc: makeUpc(), tracks: [{ title: "x", isrc: makeIsrc() }] })
      .expect(404);
  });

  it("keeps its own codes when saved unchanged", async () => {
    const { release, tracks: list } = await insertRelease(app);
    await admin
      .put(`/api/releases/${release.id}`)
      .send({
        title: release.title,
        artist: release.artist,
        upc: release.upc,
        tracks: list.map(({ id, title, isrc }) => ({ id, title, isrc })),
      })
      .expect(200);
  });
});
