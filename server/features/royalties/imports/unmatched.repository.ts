import { and, eq, isNull, sql } from "drizzle-orm";
import { releases, royaltyCodeAssignments, royaltyImports, royaltyLines, tracks } from "@shared/royalties.table";
import type { UnmatchedCode, UnmatchedLine } from "@shared/royalty-imports";
import type { Database } from "../../../db/database";

/** The lines no one could match: the condition of the partial index royalty_lines_unmatched_idx. */
const waiting = and(isNull(royaltyLines.trackId), isNull(royaltyLines.releaseId), isNull(royaltyLines.payeeId));

export async function unmatchedLines(db: Database, limit: number): Promise<UnmatchedLine[]> {
  return db
    .select({
      id: royaltyLines.id,
      isrc: royaltyLines.isrc,
      upc: royaltyLines.upc,
      title: royaltyLines.title,
      store: royaltyLines.store,
      amount: royaltyLines.amount,
      currency: royaltyLines.currency,
      reportedOn: royaltyLines.reportedOn,
    })
    .from(royaltyLines)
    .where(waiting)
    .orderBy(royaltyLines.reportedOn, royaltyLines.id)
    .limit(limit);
}

/**
 * The code a waiting line is assigned by: its ISRC when it has one (a line is matched by its
 * ISRC first), else its UPC. Lines that share an ISRC but differ in UPC are one code.
 */
const upcWithoutIsrc = sql<string | null>`case when ${royaltyLines.isrc} is null then ${royaltyLines.upc} end`;

/** The waiting lines, one row per code, largest amount first (one scan of the partial index). */
export async function unmatchedCodes(db: Database, limit: number): Promise<UnmatchedCode[]> {
  return db
    .select({
      isrc: royaltyLines.isrc,
      upc: upcWithoutIsrc,
      title: sql<string | null>`min(${royaltyLines.title})`,
      artist: sql<string | null>`min(${royaltyLines.artist})`,
      lines: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${royaltyLines.converted})::text`,
      firstReported: sql<string>`min(${royaltyLines.reportedOn})::text`,
      lastReported: sql<string>`max(${royaltyLines.reportedOn})::text`,
    })
    .from(royaltyLines)
    .where(and(waiting, eq(royaltyLines.source, "distributor")))
    .groupBy(royaltyLines.isrc, upcWithoutIsrc)
    .orderBy(sql`sum(${royaltyLines.converted}) desc`, royaltyLines.isrc, upcWithoutIsrc)
    .limit(limit);
}

export async function trackExists(db: Database, id: string) {
  const [row] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, id));
  return row !== undefined;
}

export async function releaseExists(db: Database, id: string) {
  const [row] = await db.select({ id: releases.id }).from(releases).where(eq(releases.id, id));
  return row !== undefined;
}

/** The catalogue's own holder of a code, if a track's ISRC or a release's UPC is this code. */
export async function codeOwner(db: Database, code: { isrc: string } | { upc: string }): Promise<string | undefined> {
  if ("isrc" in code) {
    const [row] = await db.select({ title: tracks.title }).from(tracks).where(eq(tracks.isrc, code.isrc));
    return row?.title;
  }
  const [row] = await db.select({ title: releases.title }).from(releases).where(eq(releases.upc, code.upc));
  return row?.title;
}

/**
 * Records the assignment and matches every waiting line with the code, in one transaction;
 * `conflict` when the code already goes elsewhere (the same target again is kept as it is).
 */
export function saveAssignment(
  db: Database,
  target:
    { code: string; trackId: string; releaseId?: undefined } | { code: string; releaseId: string; trackId?: undefined },
  createdBy: string,
): Promise<{ conflict: true } | { conflict: false; matched: number }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(royaltyCodeAssignments)
      .values({ code: target.code, trackId: target.trackId, releaseId: target.releaseId, createdBy })
      .onConflictDoNothing();
    const [held] = await tx
      .select()
      .from(royaltyCodeAssignments)
      .where(eq(royaltyCodeAssignments.code, target.code))
      .for("update");
    if ((held.trackId ?? undefined) !== target.trackId || (held.releaseId ?? undefined) !== target.releaseId) {
      return { conflict: true as const };
    }
    // The lines matched now leave their imports' unmatched counts, so the imports page says
    // what still waits; one statement, whatever the number of lines.
    const set = target.trackId ? sql`track_id = ${target.trackId}` : sql`release_id = ${target.releaseId}`;
    const byCode = target.trackId ? sql`isrc = ${target.code}` : sql`upc = ${target.code}`;
    const { rows } = await tx.execute<{ matched: number }>(sql`
      with moved as (
        update ${royaltyLines} set ${set}
        where track_id is null and release_id is null and payee_id is null and ${byCode}
        returning import_id),
      per_import as (select import_id, count(*)::int as n from moved group by import_id),
      recounted as (
        update ${royaltyImports} set matched = matched + per_import.n, unmatched = unmatched - per_import.n
        from per_import where ${royaltyImports}.id = per_import.import_id returning 1)
      select coalesce(sum(n), 0)::int as matched from per_import`);
    return { conflict: false as const, matched: rows[0]?.matched ?? 0 };
  });
}
