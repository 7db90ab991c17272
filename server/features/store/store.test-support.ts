import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { storeCodes, storeListings, storePurchases, storeTrackAudio } from "@shared/store.table";
import type { Agent, TestApp } from "../../test/app-harness";
import { intentIdOf, postWebhook } from "../../test/payments";
import type { StripeStandIn } from "../../test/stripe-stand-in";
import { insertRelease } from "../royalties/catalogue/royalty-catalogue.test-support";

/** A short stereo WAV (a sine tone) made by ffmpeg, as an admin would upload a master. */
export function makeWav(seconds = 2): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-test-"));
  const file = path.join(dir, "tone.wav");
  execFileSync("/usr/bin/ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:duration=${seconds}`,
    "-ac",
    "2",
    "-ar",
    "44100",
    file,
  ]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** Issues a master's address, PUTs the bytes to it and says it is uploaded. */
export async function uploadMaster(app: TestApp, admin: Agent, trackId: string, bytes: Buffer, type = "audio/wav") {
  const issued = await admin.post(`/api/tracks/${trackId}/master`).send({ contentType: type }).expect(200);
  const url = new URL(issued.body.uploadURL as string);
  await app
    .agent()
    .put(url.pathname + url.search)
    .set("Content-Type", type)
    .send(bytes)
    .expect(200);
  return admin.post(`/api/tracks/${trackId}/master/uploaded`).expect(200);
}

/** Waits until every track of the release is made (or one failed). */
export async function waitForAudio(admin: Agent, releaseId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await admin.get(`/api/releases/${releaseId}/store`).expect(200);
    const statuses = (res.body.tracks as { status: string | null }[]).map((t) => t.status);
    if (statuses.every((s) => s === "ready" || s === "failed")) return res.body;
    if (Date.now() > until) throw new Error(`audio not made in time: ${statuses.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const LISTING = {
  published: true,
  price: "7.00",
  payWhatYouWant: true,
  minimumPrice: "0",
  suggestedPrice: "7.00",
  formats: ["mp3-320", "flac"],
  genre: "Synthwave",
};

/** A catalogue release whose tracks have audio, put on sale with `listing`. */
export async function releaseOnSale(app: TestApp, admin: Agent, listing: Record<string, unknown> = {}, trackCount = 2) {
  const { release, tracks } = await insertRelease(app, {}, trackCount);
  const wav = makeWav();
  for (const track of tracks) await uploadMaster(app, admin, track.id, wav);
  const made = await waitForAudio(admin, release.id);
  expect(made.tracks.map((t: { status: string }) => t.status)).toEqual(tracks.map(() => "ready"));
  await admin
    .put(`/api/releases/${release.id}/store`)
    .send({ ...LISTING, ...listing })
    .expect(200);
  return { release, tracks };
}

/** Issues a cover upload for `admin`, PUTs the image to it and answers its object path. */
export async function uploadCover(app: TestApp, admin: Agent, bytes: Buffer, type = "image/jpeg") {
  const issued = await admin.post("/api/objects/upload").send({ purpose: "cover", contentType: type }).expect(200);
  const url = new URL(issued.body.uploadURL as string);
  await app
    .agent()
    .put(url.pathname + url.search)
    .set("Content-Type", type)
    .send(bytes)
    .expect(200);
  return issued.body.objectPath as string;
}

/** The files of a zip (names and bytes), read from its central directory; stored entries only. */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory");
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (method !== 0) throw new Error(`${name} is compressed`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    files.push({ name, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/** A release on sale straight in the database, its tracks' audio marked made (no files: for answers that read none). */
export async function insertReleaseOnSale(
  app: TestApp,
  listing: Partial<typeof storeListings.$inferInsert> = {},
  trackCount = 1,
) {
  const { release, tracks } = await insertRelease(app, {}, trackCount);
  await app.db.insert(storeTrackAudio).values(
    tracks.map((track) => ({
      trackId: track.id,
      masterId: crypto.randomUUID(),
      masterContentType: "audio/wav",
      status: "ready" as const,
      mp3Id: crypto.randomUUID(),
      flacId: crypto.randomUUID(),
      previewId: crypto.randomUUID(),
      durationSeconds: 200,
    })),
  );
  await app.db.insert(storeListings).values({
    releaseId: release.id,
    published: true,
    price: "7.00",
    payWhatYouWant: true,
    minimumPrice: "0.00",
    formats: ["flac"],
    ...listing,
  });
  return { release, tracks };
}

/** A download right straight in the database. */
export async function insertPurchase(app: TestApp, releaseId: string, status: "free" | "paid" | "refunded" = "free") {
  const token = crypto.randomBytes(24).toString("base64url");
  await app.db
    .insert(storePurchases)
    .values({ token, releaseId, email: `${crypto.randomUUID()}@fan.test`, amount: "0.00", status });
  return token;
}

/** `count` fresh codes of a release, straight in the database. */
export async function insertCodes(app: TestApp, releaseId: string, count: number) {
  const codes = Array.from({ length: count }, () =>
    Array.from({ length: 10 }, () => "ABCDEFGHJKMNPQRSTUVWXYZ23456789"[crypto.randomInt(31)]).join(""),
  );
  await app.db.insert(storeCodes).values(codes.map((code) => ({ code, releaseId, batch: "Test" })));
  return codes;
}

/**
 * A card purchase of `amount` named by a new buyer: pending (the intent created), or paid through
 * Stripe's webhook with `fee` cents kept by Stripe (its standard price unless named; null: no
 * balance transaction yet).
 */
export async function cardPurchase(
  app: TestApp,
  stripe: StripeStandIn,
  releaseId: string,
  amount: string,
  options: { pay?: boolean; fee?: number | null } = {},
) {
  const email = `${crypto.randomUUID()}@fan.test`;
  const res = await app.agent().post(`/api/store/releases/${releaseId}/purchase`).send({ email, amount }).expect(201);
  const intentId = intentIdOf(res.body.clientSecret as string);
  const [purchase] = await app.db.select().from(storePurchases).where(eq(storePurchases.email, email));
  if (options.pay === false) return { purchase, intentId, email };
  stripe.succeed(intentId, "fee" in options ? { fee: options.fee } : {});
  await postWebhook(app.agent(), stripe.event("payment_intent.succeeded", intentId)).expect(200);
  return { purchase, intentId, email };
}
