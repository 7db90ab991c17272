import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyAdvances } from "@shared/royalties.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { insertPayee, insertRelease } from "../catalogue/royalty-catalogue.test-support";
import { startRoyaltiesApp } from "../royalties.test-support";

const ADMIN = "admin@royalties.test";
let app: TestApp, admin: Agent;
beforeAll(async () => {
  ({ app, admin } = await startRoyaltiesApp(ADMIN, "Ada Admin"));
});
afterAll(() => app?.close());

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
