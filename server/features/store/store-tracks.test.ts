import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { royaltyLines } from "@shared/royalties.table";
import { storePurchases, storeTrackAudio } from "@shared/store.table";
import { createObjectStorage, uploadKey } from "../../integrations/object-storage";
import { generateLocalSecrets } from "../../lib/secrets";
import { ADMIN_EMAIL, intentIdOf, postWebhook, setUpPaymentsApp } from "../../test/payments";
import { insertReleaseOnSale, readZip } from "./store.test-support";

const env = setUpPaymentsApp();
const fan = () => `${crypto.randomUUID()}@fan.test`;
const TRACKS = { trackPrice: "1.29", formats: ["mp3-320", "flac"] as ("mp3-320" | "flac")[] };

function buy(releaseId: string, body: Record<string, unknown>) {
  return env.app.agent().post(`/api/store/releases/${releaseId}/purchase`).send(body);
}

async function purchasesOf(email: string) {
  return env.app.db.select().from(storePurchases).where(eq(storePurchases.email, email));
}

async function mailsTo(email: string) {
  return env.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
}

/** Buys `trackId` and has the webhook report it paid: the purchase's row. */
async function paidTrack(releaseId: string, trackId: string, email = fan()) {
  const res = await buy(releaseId, { email, trackId }).expect(201);
  const intentId = intentIdOf(res.body.clientSecret as string);
  env.stripe.succeed(intentId);
  await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
  const [row] = await purchasesOf(email);
  return { ...row, intentId };
}

/** Stored files for the release's tracks (ids as insertReleaseOnSale made them), each telling its track apart. */
async function storeFiles(trackIds: string[]) {
  const storage = createObjectStorage({ config: env.app.config, secrets: generateLocalSecrets() });
  const rows = await env.app.db.select().from(storeTrackAudio).where(inArray(storeTrackAudio.trackId, trackIds));
  const bytes = new Map<string, Buffer>();
  for (const row of rows) {
    const flac = Buffer.from(`fLaC flac of ${row.trackId}`);
    bytes.set(row.trackId, flac);
    await storage.put(uploadKey(row.flacId!), flac, "audio/flac");
    await storage.put(uploadKey(row.mp3Id!), Buffer.from(`ID3 mp3 of ${row.trackId}`), "audio/mpeg");
  }
  return bytes;
}

function getZip(path: string) {
  return env.app
    .agent()
    .get(path)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => done(null, Buffer.concat(chunks)));
    });
}

describe("buying one track", () => {
  it("charges the listing's track price whatever the buyer sends, and the webhook makes it paid once", async () => {
    const { release, tracks } = await insertReleaseOnSale(env.app, { ...TRACKS, minimumPrice: "0.00" }, 2);
    const email = fan();
    for (const amount of [undefined, "0", "50.00"]) {
      const res = await buy(release.id, { email, amount, trackId: tracks[1].id }).expect(201);
      expect(res.body.status).toBe("pending");
      expect(env.stripe.intents.get(intentIdOf(res.body.clientSecret as string))!.amount).toBe(129);
    }
    const rows = await purchasesOf(email);
    expect(rows.map((row) => [row.status, row.amount, row.trackId])).toEqual(
      rows.map(() => ["pending", "1.29", tracks[1].id]),
    );

    const intentId = rows[0].paymentIntentId!;
    env.stripe.succeed(intentId);
    const event = env.stripe.event("payment_intent.succeeded", intentId);
    await postWebhook(env.app.agent(), event).expect(200);
    await postWebhook(env.app.agent(), event).expect(200);
    const paid = (await purchasesOf(email)).filter((row) => row.status === "paid");
    expect(paid.map((row) => row.id)).toEqual([rows[0].id]);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].params).toMatchObject({
      reason: "download",
      items: [
        { title: "Track 2 — from Night Drive", artist: "Nova Reign", link: expect.stringContaining(rows[0].token) },
      ],
    });
  });

  it("writes the track's royalty line (its ISRC and title) on payment, and its negative on a full refund", async () => {
    const { release, tracks } = await insertReleaseOnSale(env.app, TRACKS, 2);
    const { intentId } = await paidTrack(release.id, tracks[0].id);
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId)).expect(200);
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId)).expect(200);
    const lines = await env.app.db.select().from(royaltyLines).where(eq(royaltyLines.releaseId, release.id));
    // $1.29 less the stand-in's standard card fee (2.9% + 30¢ = 34¢): the artist's share is the net.
    expect(lines.map((l) => [l.source, l.isrc, l.title, l.upc, l.trackId, l.quantity, l.amount])).toEqual([
      ["store", tracks[0].isrc, "Track 1", release.upc, tracks[0].id, 1, "0.950000"],
      ["store", tracks[0].isrc, "Track 1", release.upc, tracks[0].id, -1, "-0.950000"],
    ]);
  });

  it("answers 400 naming trackId for a track not on the release, and changes nothing", async () => {
    const { release } = await insertReleaseOnSale(env.app, TRACKS, 2);
    const other = await insertReleaseOnSale(env.app, TRACKS, 1);
    const email = fan();
    for (const trackId of [other.tracks[0].id, crypto.randomUUID(), "not-a-track", null]) {
      const res = await buy(release.id, { email, trackId }).expect(400);
      expect(res.body.fieldErrors.trackId).toEqual(["Choose a track of this release"]);
    }
    expect(await purchasesOf(email)).toEqual([]);
  });

  it("answers 400 naming trackId when the listing sells no single tracks", async () => {
    const none = await insertReleaseOnSale(env.app, { trackPrice: null });
    // Saved below Stripe's minimum before that was refused: no card could pay it.
    const tooLow = await insertReleaseOnSale(env.app, { trackPrice: "0.30" });
    const email = fan();
    for (const { release, tracks } of [none, tooLow]) {
      const res = await buy(release.id, { email, amount: "5.00", trackId: tracks[0].id }).expect(400);
      expect(res.body.fieldErrors.trackId).toEqual(["This release is sold whole, not by the track"]);
      const page = await env.app.agent().get(`/api/store/releases/${release.id}`).expect(200);
      expect(page.body.trackPrice).toBeNull();
    }
    expect(await purchasesOf(email)).toEqual([]);
  });

  it("refuses a track price below $0.50 when the sale is saved", async () => {
    const { release } = await insertReleaseOnSale(env.app);
    const admin = await env.app.signIn(ADMIN_EMAIL);
    const res = await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ published: false, price: "7.00", formats: ["flac"], trackPrice: "0.30" })
      .expect(400);
    expect(res.body.fieldErrors.trackPrice[0]).toMatch(/^A single track costs \$0.50 or more/);
  });
});

describe("a single track's download", () => {
  it("holds that track alone, in every format offered, under its name in the library and the resend", async () => {
    const { release, tracks } = await insertReleaseOnSale(env.app, TRACKS, 3);
    const bytes = await storeFiles(tracks.map((t) => t.id));
    const email = fan();
    const { token } = await paidTrack(release.id, tracks[1].id, email);

    const page = await env.app.agent().get(`/api/downloads/${token}`).expect(200);
    expect(page.body).toMatchObject({
      title: "Night Drive",
      trackTitle: "Track 2",
      formats: ["mp3-320", "flac"],
      tracks: [{ title: "Track 2", position: 1 }],
    });
    const flac = await getZip(`/api/downloads/${token}/flac.zip`).expect(200);
    expect(flac.headers["content-disposition"]).toBe('attachment; filename="Nova Reign - Track 2.zip"');
    const files = readZip(flac.body as Buffer);
    expect(files.map((f) => f.name)).toEqual(["Nova Reign - Night Drive/02 Track 2.flac"]);
    expect(files[0].data.equals(bytes.get(tracks[1].id)!)).toBe(true);
    const mp3 = readZip((await getZip(`/api/downloads/${token}/mp3-320.zip`).expect(200)).body as Buffer);
    expect(mp3.map((f) => f.name)).toEqual(["Nova Reign - Night Drive/02 Track 2.mp3"]);
    await env.app.agent().get(`/api/downloads/${token}/wav.zip`).expect(400);
    // The track's own file, without a zip; only the track bought.
    const alone = await getZip(`/api/downloads/${token}/tracks/1/flac`).expect(200);
    expect(alone.headers["content-type"]).toBe("audio/flac");
    expect(alone.headers["content-disposition"]).toMatch(/^attachment; filename="Nova Reign - 02 Track 2\.flac"/);
    expect((alone.body as Buffer).equals(bytes.get(tracks[1].id)!)).toBe(true);
    await env.app.agent().get(`/api/downloads/${token}/tracks/0/flac`).expect(404);
    await env.app.agent().get(`/api/downloads/${token}/tracks/1/wav`).expect(400);

    const member = await env.app.signIn(email);
    const library = await member.get("/api/store/library").expect(200);
    expect(library.body).toEqual([
      expect.objectContaining({ title: "Night Drive", trackTitle: "Track 2", downloadPath: `/downloads/${token}` }),
    ]);
    await env.app.agent().post("/api/downloads/resend").send({ email }).expect(200);
    const resent = (await mailsTo(email)).find((m) => (m.params as { reason: string }).reason === "resend");
    expect((resent!.params as { items: { title: string }[] }).items.map((i) => i.title)).toEqual([
      "Track 2 — from Night Drive",
    ]);
  });
});
