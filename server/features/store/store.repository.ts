import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { releases, tracks } from "@shared/royalties.table";
import { storeCodes, storeListings, storePurchases, storeTrackAudio } from "@shared/store.table";
import type { StoreListingInput } from "@shared/store";
import type { Executor } from "../../db/database";

export type ListingRow = typeof storeListings.$inferSelect;
export type TrackAudioRow = typeof storeTrackAudio.$inferSelect;
export type PurchaseRow = typeof storePurchases.$inferSelect;

export async function findRelease(db: Executor, id: string) {
  const [release] = await db.select().from(releases).where(eq(releases.id, id));
  return release ?? null;
}

export async function findTrack(db: Executor, id: string) {
  const [track] = await db.select().from(tracks).where(eq(tracks.id, id));
  return track ?? null;
}

/** A release's tracks in order, each with its audio row (null before a master is issued). */
export async function tracksWithAudio(db: Executor, releaseIds: string[]) {
  if (releaseIds.length === 0) return [];
  return db
    .select({ track: tracks, audio: storeTrackAudio })
    .from(tracks)
    .leftJoin(storeTrackAudio, eq(storeTrackAudio.trackId, tracks.id))
    .where(inArray(tracks.releaseId, releaseIds))
    .orderBy(asc(tracks.releaseId), asc(tracks.position), asc(tracks.id));
}

export async function findListing(db: Executor, releaseId: string) {
  const [listing] = await db.select().from(storeListings).where(eq(storeListings.releaseId, releaseId));
  return listing ?? null;
}

export async function upsertListing(db: Executor, releaseId: string, input: StoreListingInput) {
  const values = {
    published: input.published,
    price: input.price,
    payWhatYouWant: input.payWhatYouWant,
    minimumPrice: input.minimumPrice ?? null,
    suggestedPrice: input.suggestedPrice ?? null,
    formats: input.formats,
    trackPrice: input.trackPrice ?? null,
    genre: input.genre || null,
    // Left out of the input, the saved cover stays.
    ...(input.coverUrl !== undefined ? { coverUrl: input.coverUrl } : {}),
  };
  const [row] = await db
    .insert(storeListings)
    .values({ releaseId, ...values })
    .onConflictDoUpdate({ target: storeListings.releaseId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row;
}

/** Published releases with their listing, newest first; `q` matches every word in title, artist or genre. */
export async function publishedReleases(db: Executor, q?: string) {
  const words = (q ?? "").split(/\s+/).filter(Boolean).slice(0, 10);
  const matches = words.map((word) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return or(ilike(releases.title, pattern), ilike(releases.artist, pattern), ilike(storeListings.genre, pattern));
  });
  return db
    .select({ release: releases, listing: storeListings })
    .from(storeListings)
    .innerJoin(releases, eq(releases.id, storeListings.releaseId))
    .where(and(eq(storeListings.published, true), ...matches))
    .orderBy(desc(storeListings.updatedAt), asc(releases.id))
    .limit(200);
}

export async function publishedRelease(db: Executor, id: string) {
  const [row] = await db
    .select({ release: releases, listing: storeListings })
    .from(storeListings)
    .innerJoin(releases, eq(releases.id, storeListings.releaseId))
    .where(and(eq(storeListings.releaseId, id), eq(storeListings.published, true)));
  return row ?? null;
}

/** A new master for a track: any earlier one's outputs are forgotten (the job makes them again). */
export async function startMaster(db: Executor, trackId: string, masterId: string, contentType: string) {
  const values = {
    masterId,
    masterContentType: contentType,
    status: "uploading" as const,
    error: null,
    mp3Id: null,
    flacId: null,
    previewId: null,
    durationSeconds: null,
  };
  await db
    .insert(storeTrackAudio)
    .values({ trackId, ...values })
    .onConflictDoUpdate({ target: storeTrackAudio.trackId, set: { ...values, updatedAt: new Date() } });
}

export async function findAudioByMaster(db: Executor, masterId: string) {
  const [row] = await db.select().from(storeTrackAudio).where(eq(storeTrackAudio.masterId, masterId));
  return row ?? null;
}

export async function findAudio(db: Executor, trackId: string) {
  const [row] = await db.select().from(storeTrackAudio).where(eq(storeTrackAudio.trackId, trackId));
  return row ?? null;
}

export async function markPending(db: Executor, trackId: string) {
  const [row] = await db
    .update(storeTrackAudio)
    .set({ status: "pending", error: null, updatedAt: new Date() })
    .where(eq(storeTrackAudio.trackId, trackId))
    .returning();
  return row;
}

/**
 * Takes the oldest pending master for this worker: the row stays locked (SKIP LOCKED lets other
 * instances take others) for as long as the caller's transaction lasts.
 */
export async function lockNextPending(tx: Executor) {
  const [row] = await tx
    .select()
    .from(storeTrackAudio)
    .where(eq(storeTrackAudio.status, "pending"))
    .orderBy(asc(storeTrackAudio.updatedAt))
    .limit(1)
    .for("update", { skipLocked: true });
  return row ?? null;
}

export async function finishAudio(
  db: Executor,
  trackId: string,
  masterId: string,
  result: Partial<Pick<TrackAudioRow, "status" | "error" | "mp3Id" | "flacId" | "previewId" | "durationSeconds">>,
) {
  // Only the master it was made from: a newer upload meanwhile keeps its own state.
  await db
    .update(storeTrackAudio)
    .set({ ...result, updatedAt: new Date() })
    .where(and(eq(storeTrackAudio.trackId, trackId), eq(storeTrackAudio.masterId, masterId)));
}

export async function insertPurchase(
  db: Executor,
  values: Pick<PurchaseRow, "token" | "releaseId" | "email" | "amount" | "status"> & { trackId?: string | null },
) {
  const [row] = await db.insert(storePurchases).values(values).returning();
  return row;
}

export async function findPurchaseByToken(db: Executor, token: string) {
  const [row] = await db.select().from(storePurchases).where(eq(storePurchases.token, token));
  return row ?? null;
}

/**
 * Every download right of an address (free or paid, not refunded), with its release's title and
 * cover and a single track's title.
 */
export async function purchasesOf(db: Executor, email: string) {
  return db
    .select({
      purchase: storePurchases,
      title: releases.title,
      trackTitle: tracks.title,
      artist: releases.artist,
      formats: storeListings.formats,
      coverUrl: storeListings.coverUrl,
    })
    .from(storePurchases)
    .innerJoin(releases, eq(releases.id, storePurchases.releaseId))
    .leftJoin(tracks, eq(tracks.id, storePurchases.trackId))
    .leftJoin(storeListings, eq(storeListings.releaseId, storePurchases.releaseId))
    .where(and(eq(storePurchases.email, email), sql`${storePurchases.status} in ('free', 'redeemed', 'paid')`))
    .orderBy(asc(storePurchases.createdAt))
    .limit(500);
}

export async function setPaymentIntent(db: Executor, purchaseId: string, paymentIntentId: string) {
  await db.update(storePurchases).set({ paymentIntentId }).where(eq(storePurchases.id, purchaseId));
}

/** A purchase whose PaymentIntent never came (Stripe failed): nothing was charged, nothing is kept. */
export async function deletePendingPurchase(db: Executor, purchaseId: string) {
  await db.delete(storePurchases).where(and(eq(storePurchases.id, purchaseId), eq(storePurchases.status, "pending")));
}

export async function findPurchaseByIntent(db: Executor, paymentIntentId: string) {
  const [row] = await db.select().from(storePurchases).where(eq(storePurchases.paymentIntentId, paymentIntentId));
  return row ?? null;
}

export async function insertCodes(db: Executor, releaseId: string, batch: string, codes: string[]) {
  await db.insert(storeCodes).values(codes.map((code) => ({ code, releaseId, batch })));
}

export async function codesOf(db: Executor, releaseId: string) {
  return db
    .select()
    .from(storeCodes)
    .where(eq(storeCodes.releaseId, releaseId))
    .orderBy(asc(storeCodes.createdAt), asc(storeCodes.code));
}

export async function lockCode(tx: Executor, code: string) {
  const [row] = await tx.select().from(storeCodes).where(eq(storeCodes.code, code)).for("update");
  return row ?? null;
}

export async function markCodeRedeemed(tx: Executor, id: string, email: string) {
  await tx.update(storeCodes).set({ redeemedEmail: email, redeemedAt: new Date() }).where(eq(storeCodes.id, id));
}
