import { asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { payees, releases, royaltySplits, tracks } from "@shared/royalties.table";
import { labelShareOf, type ReleaseSplits, type Split, type SplitsInput } from "@shared/royalty-catalogue";
import type { Database, Executor, Transaction } from "../../../db/database";
import { lockRelease } from "./releases.repository";

async function splitsWhere(
  tx: Executor,
  where: SQL,
): Promise<(Split & { releaseId: string | null; trackId: string | null })[]> {
  return tx
    .select({
      payeeId: royaltySplits.payeeId,
      payeeName: payees.name,
      share: royaltySplits.share,
      releaseId: royaltySplits.releaseId,
      trackId: royaltySplits.trackId,
    })
    .from(royaltySplits)
    .innerJoin(payees, eq(payees.id, royaltySplits.payeeId))
    .where(where)
    .orderBy(desc(royaltySplits.share), asc(payees.name), asc(payees.id));
}

/** Replaces the splits of a release or a track, once its release is locked; the payees that do not exist, if any. */
async function replaceSplits(
  tx: Transaction,
  target: { releaseId: string } | { trackId: string },
  { splits }: SplitsInput,
): Promise<string[]> {
  const ids = splits.map((split) => split.payeeId);
  if (ids.length > 0) {
    const known = await tx.select({ id: payees.id }).from(payees).where(inArray(payees.id, ids));
    const knownIds = new Set(known.map((row) => row.id));
    const unknown = ids.filter((payeeId) => !knownIds.has(payeeId));
    if (unknown.length > 0) return unknown;
  }
  await tx
    .delete(royaltySplits)
    .where(
      "releaseId" in target ? eq(royaltySplits.releaseId, target.releaseId) : eq(royaltySplits.trackId, target.trackId),
    );
  if (splits.length > 0) {
    await tx
      .insert(royaltySplits)
      .values(splits.map((split) => ({ ...target, payeeId: split.payeeId, share: split.share })));
  }
  return [];
}

/** A release's splits and each track's own, with what they leave to the label. */
export async function readSplits(db: Executor, releaseId: string): Promise<ReleaseSplits | undefined> {
  const [row] = await db.select({ id: releases.id }).from(releases).where(eq(releases.id, releaseId));
  if (!row) return undefined;
  const trackList = await db
    .select({ trackId: tracks.id, title: tracks.title, isrc: tracks.isrc })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .orderBy(asc(tracks.position), asc(tracks.id));
  const all = await splitsWhere(
    db,
    or(
      eq(royaltySplits.releaseId, releaseId),
      trackList.length > 0
        ? inArray(
            royaltySplits.trackId,
            trackList.map((track) => track.trackId),
          )
        : sql`false`,
    )!,
  );
  const answer = ({ payeeId, payeeName, share }: Split): Split => ({ payeeId, payeeName, share });
  const own = all.filter((split) => split.releaseId === releaseId).map(answer);
  const labelShare = labelShareOf(own.map((split) => split.share));
  return {
    releaseId,
    splits: own,
    labelShare,
    tracks: trackList.map((track) => {
      const splits = all.filter((split) => split.trackId === track.trackId).map(answer);
      return {
        ...track,
        splits,
        labelShare: splits.length ? labelShareOf(splits.map((s) => s.share)) : labelShare,
      };
    }),
  };
}

/** Replaces a release's splits: "not-found", the unknown payees, or done. */
export function replaceReleaseSplits(
  db: Database,
  releaseId: string,
  input: SplitsInput,
): Promise<"not-found" | string[]> {
  return db.transaction(async (tx) => {
    if (!(await lockRelease(tx, releaseId))) return "not-found";
    return replaceSplits(tx, { releaseId }, input);
  });
}

/** Replaces a track's own splits (its release locked, as an edit removing it would): "not-found", the unknown payees, or done. */
export function replaceTrackSplits(db: Database, trackId: string, input: SplitsInput): Promise<"not-found" | string[]> {
  return db.transaction(async (tx) => {
    const [track] = await tx.select({ releaseId: tracks.releaseId }).from(tracks).where(eq(tracks.id, trackId));
    if (!track || !(await lockRelease(tx, track.releaseId))) return "not-found";
    // The edit that held the lock may have removed it.
    const [still] = await tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId));
    if (!still) return "not-found";
    return replaceSplits(tx, { trackId }, input);
  });
}
