import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyAdvances, royaltyCodeAssignments, royaltyLines, royaltySplits, tracks } from "@shared/royalties.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { insertPayee, insertRelease, makeIsrc, makeUpc } from "./royalty-catalogue.test-support";

const ADMIN = "admin@royalties.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN, "Ada Admin");
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

describe("splits", () => {
  it("accepts a three-way split of 33.33, 33.33 and 33.34, leaving the label 0.00", async () => {
    const { release } = await insertRelease(app);
    const [p1, p2, p3] = await Promise.all([insertPayee(app, "A"), insertPayee(app, "B"), insertPayee(app, "C")]);
    const res = await admin
      .put(`/api/releases/${release.id}/splits`)
      .send({
        splits: [
          { payeeId: p1.id, share: "33.33" },
          { payeeId: p2.id, share: "33.33" },
          { payeeId: p3.id, share: "33.34" },
        ],
      })
      .expect(200);
    expect(res.body.labelShare).toBe("0.00");
    expect(res.body.splits).toEqual([
      { payeeId: p3.id, payeeName: "C", share: "33.34" },
      { payeeId: p1.id, payeeName: "A", share: "33.33" },
      { payeeId: p2.id, payeeName: "B", share: "33.33" },
    ]);
  });

  it("refuses shares above 100.00 together and changes nothing", async () => {
    const { release } = await insertRelease(app);
    const [p1, p2] = await Promise.all([insertPayee(app), insertPayee(app)]);
    await admin
      .put(`/api/releases/${release.id}/splits`)
      .send({ splits: [{ payeeId: p1.id, share: "70" }] })
      .expect(200);
    const res = await admin
      .put(`/api/releases/${release.id}/splits`)
      .send({
        splits: [
          { payeeId: p1.id, share: "70" },
          { payeeId: p2.id, share: "50" },
        ],
      })
      .expect(400);
    expect(res.body.fieldErrors.splits).toEqual(["Shares add up to 120.00%; together they can be at most 100.00%"]);
    const now = await admin.get(`/api/releases/${release.id}/splits`).expect(200);
    expect(now.body).toMatchObject({ labelShare: "30.00", splits: [{ payeeId: p1.id, share: "70.00" }] });
  });

  it("refuses a share of 0, three decimals, a payee twice or a payee that does not exist", async () => {
    const { release } = await insertRelease(app);
    const payee = await insertPayee(app);
    const send = (splits: unknown) => admin.put(`/api/releases/${release.id}/splits`).send({ splits });
    await send([{ payeeId: payee.id, share: "0" }]).expect(400);
    await send([{ payeeId: payee.id, share: "10.005" }]).expect(400);
    const twice = await send([
      { payeeId: payee.id, share: "10" },
      { payeeId: payee.id, share: "10" },
    ]).expect(400);
    expect(twice.body.fieldErrors["splits.1.payeeId"]).toEqual(["Each payee once"]);
    const unknownId = crypto.randomUUID();
    const unknown = await send([{ payeeId: unknownId, share: "10" }]).expect(400);
    expect(unknown.body.message).toBe(`No payee has the id ${unknownId}`);
    await admin.put(`/api/releases/${crypto.randomUUID()}/splits`).send({ splits: [] }).expect(404);
  });

  it("lets a track override its release's splits, and an empty list removes the override", async () => {
    const {
      release,
      tracks: [a, b],
    } = await insertRelease(app);
    const [artist, producer] = await Promise.all([insertPayee(app, "Artist"), insertPayee(app, "Producer")]);
    await admin
      .put(`/api/releases/${release.id}/splits`)
      .send({ splits: [{ payeeId: artist.id, share: "50" }] })
      .expect(200);
    const res = await admin
      .put(`/api/tracks/${b.id}/splits`)
      .send({
        splits: [
          { payeeId: producer.id, share: "20" },
          { payeeId: artist.id, share: "40" },
        ],
      })
      .expect(200);
    expect(res.body.tracks).toEqual([
      { trackId: a.id, title: a.title, isrc: a.isrc, splits: [], labelShare: "50.00" },
      {
        trackId: b.id,
        title: b.title,
        isrc: b.isrc,
        splits: [
          { payeeId: artist.id, payeeName: "Artist", share: "40.00" },
          { payeeId: producer.id, payeeName: "Producer", share: "20.00" },
        ],
        labelShare: "40.00",
      },
    ]);
    const cleared = await admin.put(`/api/tracks/${b.id}/splits`).send({ splits: [] }).expect(200);
    expect(cleared.body.tracks[1]).toMatchObject({ splits: [], labelShare: "50.00" });
    expect(await app.db.select().from(royaltySplits).where(eq(royaltySplits.trackId, b.id))).toEqual([]);
    const notFound = await admin.put(`/api/tracks/${crypto.randomUUID()}/splits`).send({ splits: [] }).expect(404);
    expect(notFound.body.message).toBe("Track not found");
  });
});

describe("payees", () => {
  it("adds a payee with the e-mail lower-cased and a platform share of 0.00 unless given", async () => {
    const res = await admin.post("/api/payees").send({ name: " Ada ", email: "Ada@Example.TEST" }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Ada",
      email: "ada@example.test",
      artistName: null,
      platformShare: "0.00",
      createdAt: expect.any(String),
    });
    const edited = await admin
      .put(`/api/payees/${res.body.id}`)
      .send({ name: "Ada L", email: "ada@example.test", artistName: "Nova Reign", platformShare: "12.5" })
      .expect(200);
    expect(edited.body).toMatchObject({ artistName: "Nova Reign", platformShare: "12.50" });
  });

  it("refuses a bad e-mail and a platform share above 100", async () => {
    const res = await admin.post("/api/payees").send({ name: "X", email: "nope", platformShare: "100.01" }).expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(["email", "platformShare"]);
    await admin.put(`/api/payees/${crypto.randomUUID()}`).send({ name: "X", email: "x@y.test" }).expect(404);
  });

  it("finds payees by name, e-mail or artist name", async () => {
    const marker = crypto.randomUUID().slice(0, 8);
    const res = await admin
      .post("/api/payees")
      .send({ name: "Zed", email: `z@x.test`, artistName: `Band ${marker}` })
      .expect(201);
    const found = await admin.get("/api/payees").query({ q: marker.toUpperCase() }).expect(200);
    expect(found.body.map((p: { id: string }) => p.id)).toEqual([res.body.id]);
  });

  it("shows a payee with their advances and splits, with release and track titles", async () => {
    const payee = await insertPayee(app, "Producer");
    const {
      release,
      tracks: [, b],
    } = await insertRelease(app, { title: "Album" });
    await admin
      .put(`/api/releases/${release.id}/splits`)
      .send({ splits: [{ payeeId: payee.id, share: "10" }] })
      .expect(200);
    await admin
      .put(`/api/tracks/${b.id}/splits`)
      .send({ splits: [{ payeeId: payee.id, share: "25" }] })
      .expect(200);
    await admin.post(`/api/payees/${payee.id}/advances`).send({ amount: "500", date: "2026-01-15" }).expect(201);
    const res = await admin.get(`/api/payees/${payee.id}`).expect(200);
    expect(res.body.splits).toEqual([
      { releaseId: release.id, releaseTitle: "Album", trackId: null, trackTitle: null, share: "10.00" },
      { releaseId: release.id, releaseTitle: "Album", trackId: b.id, trackTitle: "Track 2", share: "25.00" },
    ]);
    expect(res.body.advances).toMatchObject([{ amount: "500.00", date: "2026-01-15", statementId: null }]);
    await admin.get(`/api/payees/${crypto.randomUUID()}`).expect(404);
  });
});

describe("advances", () => {
  it("records an advance with its amount to the cent, and lists them newest first", async () => {
    const payee = await insertPayee(app);
    const res = await admin
      .post(`/api/payees/${payee.id}/advances`)
      .send({ amount: "1234.5", date: "2026-02-01", note: "Signing" })
      .expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      payeeId: payee.id,
      amount: "1234.50",
      date: "2026-02-01",
      note: "Signing",
      statementId: null,
      createdAt: expect.any(String),
    });
    await admin.post(`/api/payees/${payee.id}/advances`).send({ amount: "0.01", date: "2026-03-01" }).expect(201);
    const list = await admin.get(`/api/payees/${payee.id}/advances`).expect(200);
    expect(list.body.map((a: { date: string }) => a.date)).toEqual(["2026-03-01", "2026-02-01"]);
  });

  it("refuses a zero, negative or three-decimal amount and a date that is not YYYY-MM-DD", async () => {
    const payee = await insertPayee(app);
    const send = (body: object) => admin.post(`/api/payees/${payee.id}/advances`).send(body);
    expect((await send({ amount: "0", date: "2026-01-01" }).expect(400)).body.fieldErrors.amount).toEqual([
      "An advance is more than 0",
    ]);
    await send({ amount: "-5", date: "2026-01-01" }).expect(400);
    await send({ amount: "5.001", date: "2026-01-01" }).expect(400);
    await send({ amount: "5", date: "01/02/2026" }).expect(400);
    await send({ amount: "5", date: "2026-02-30" }).expect(400);
    expect(await app.db.select().from(royaltyAdvances).where(eq(royaltyAdvances.payeeId, payee.id))).toEqual([]);
    await admin
      .post(`/api/payees/${crypto.randomUUID()}/advances`)
      .send({ amount: "5", date: "2026-01-01" })
      .expect(404);
    await admin.get(`/api/payees/${crypto.randomUUID()}/advances`).expect(404);
  });
});
