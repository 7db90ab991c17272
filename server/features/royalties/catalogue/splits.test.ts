import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltySplits } from "@shared/royalties.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { startRoyaltiesApp } from "../royalties.test-support";
import { insertPayee, insertRelease } from "./royalty-catalogue.test-support";

const ADMIN = "admin@royalties.test";
let app: TestApp, admin: Agent;
beforeAll(async () => {
  ({ app, admin } = await startRoyaltiesApp(ADMIN, "Ada Admin"));
});
afterAll(() => app?.close());

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
    expect(res.body.fieldErrors.splits).toEqual(["Shares add up to 120%; together they can be at most 100%"]);
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
