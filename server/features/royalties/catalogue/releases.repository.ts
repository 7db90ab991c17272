import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { normalizeIsrc, normalizeUpc } from "@shared/royalty-codes";
import { releases, royaltyCodeAssignments, royaltyLines, royaltySplits, tracks } from "@shared/royalties.table";
import type { ReleaseInput } from "@shared/royalty-catalogue";
import type { Database, Executor, Transaction } from "../../../db/database";
import { contains, LIST_LIMIT, searchWords } from "../search";
import { findCodeConflict, type CodeConflict } from "./release-codes";

/**
 * A release's tracks in order, as one JSON array read in the release's own row (no query per
 * release). Drizzle writes a single table's columns unqualified, so the correlated subqueries
 * here and below name theirs ("releases"."id", "tracks"."id").
 */
const tracksJson = sql<{ id: string; title: string; isrc: string }[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'title', t.title, 'isrc', t.isrc) order by t.position, t.id)
  from ${tracks} t where t.release_id = "releases"."id"), '[]'::json)`;

const releaseAnswer = {
  id: releases.id,
  title: releases.title,
  artist: releases.artist,
  upc: releases.upc,
  releaseDate: releases.releaseDate,
  tracks: tracksJson,
  createdAt: releases.createdAt,
};

/** Why a track left out of an edit must stay. */
export interface TrackInUse {
  title: string;
  splits: boolean;
  lines: boolean;
  code: boolean;
}

export type UpdateOutcome =
  | { status: "updated" }
  | { status: "not-found" }
  | { status: "unknown-tracks"; indexes: number[] }
  | { status: "conflict"; conflict: CodeConflict }
  | { status: "in-use"; tracks: TrackInUse[] };

export async function readRelease(db: Executor, id: string) {
  const [row] = await db.select(releaseAnswer).from(releases).where(eq(releases.id, id));
  return row;
}

/** A release one word of a search finds: in its title, artist or UPC, or a track's title or ISRC. */
function matchesWord(word: string): SQL | undefined {
  const pattern = contains(word);
  return or(
    ilike(releases.title, pattern),
    ilike(releases.artist, pattern),
    ilike(releases.upc, contains(normalizeUpc(word))),
    sql`exists (select 1 from ${tracks} t where t.release_id = "releases"."id"
      and (t.title ilike ${pattern} or t.isrc ilike ${contains(normalizeIsrc(word))}))`,
  );
}

/**
 * The newest releases, or those that every word of `q` finds, in any order and any case
 * ("paper boats sample" finds Paper Boats by Sample Artist): a report's title finds its track.
 */
export async function listReleases(db: Database, q: string | undefined) {
  const words = q ? searchWords(q) : [];
  const where = words.length > 0 ? and(...words.map(matchesWord)) : undefined;
  return db
    .select(releaseAnswer)
    .from(releases)
    .where(where)
    .orderBy(desc(releases.createdAt), desc(releases.id))
    .limit(LIST_LIMIT);
}

/** Locks the release row, so its tracks and splits change one writer at a time. */
export async function lockRelease(tx: Transaction, id: string): Promise<boolean> {
  const rows = await tx.select({ id: releases.id }).from(releases).where(eq(releases.id, id)).for("update");
  return rows.length > 0;
}

async function insertTracks(
  tx: Transaction,
  releaseId: string,
  list: { title: string; isrc: string; position: number }[],
) {
  if (list.length > 0) await tx.insert(tracks).values(list.map((track) => ({ ...track, releaseId })));
}

const isrcsOf = (input: ReleaseInput) => input.tracks.map((track) => track.isrc);

/** Adds the release and its tracks in order, or names the code another release holds. */
export function insertRelease(db: Database, input: ReleaseInput): Promise<{ id: string } | { conflict: CodeConflict }> {
  return db.transaction(async (tx) => {
    const conflict = await findCodeConflict(tx, input.upc, isrcsOf(input));
    if (conflict) return { conflict };
    const [row] = await tx
      .insert(releases)
      .values({ title: input.title, artist: input.artist, upc: input.upc, releaseDate: input.releaseDate ?? null })
      .returning({ id: releases.id });
    await insertTracks(
      tx,
      row.id,
      input.tracks.map((track, position) => ({ title: track.title, isrc: track.isrc, position })),
    );
    return { id: row.id };
  });
}

/** Of the tracks an edit removes, those something counts on (report lines carry no foreign key). */
async function tracksInUse(tx: Transaction, removed: string[]): Promise<TrackInUse[]> {
  if (removed.length === 0) return [];
  const inUse = await tx
    .select({
      title: tracks.title,
      splits: sql<boolean>`exists (select 1 from ${royaltySplits} s where s.track_id = "tracks"."id")`,
      lines: sql<boolean>`exists (select 1 from ${royaltyLines} l where l.track_id = "tracks"."id")`,
      code: sql<boolean>`exists (select 1 from ${royaltyCodeAssignments} a where a.track_id = "tracks"."id")`,
    })
    .from(tracks)
    .where(inArray(tracks.id, removed))
    .orderBy(asc(tracks.position));
  return inUse.filter((track) => track.splits || track.lines || track.code);
}

/**
 * Edits a release: tracks with an id are kept (edited and reordered), the others added, and
 * the ones left out removed, unless something counts on them (splits, royalty lines, an
 * assigned code): report lines carry no foreign key, so that check is the only guard.
 */
export function saveReleaseEdit(db: Database, id: string, input: ReleaseInput): Promise<UpdateOutcome> {
  return db.transaction(async (tx): Promise<UpdateOutcome> => {
    if (!(await lockRelease(tx, id))) return { status: "not-found" };
    const existing = await tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, id));
    const existingIds = new Set(existing.map((track) => track.id));
    const unknown = input.tracks.flatMap((track, index) => (track.id && !existingIds.has(track.id) ? [index] : []));
    if (unknown.length > 0) return { status: "unknown-tracks", indexes: unknown };
    const keptIds = new Set(input.tracks.flatMap((track) => (track.id ? [track.id] : [])));
    const removed = existing.filter((track) => !keptIds.has(track.id)).map((track) => track.id);
    const used = await tracksInUse(tx, removed);
    if (used.length > 0) return { status: "in-use", tracks: used };
    const conflict = await findCodeConflict(tx, input.upc, isrcsOf(input), id);
    if (conflict) return { status: "conflict", conflict };
    if (removed.length > 0) await tx.delete(tracks).where(inArray(tracks.id, removed));
    await tx
      .update(releases)
      .set({ title: input.title, artist: input.artist, upc: input.upc, releaseDate: input.releaseDate ?? null })
      .where(eq(releases.id, id));
    const added: { title: string; isrc: string; position: number }[] = [];
    for (const [position, track] of input.tracks.entries()) {
      if (track.id) {
        await tx
          .update(tracks)
          .set({ title: track.title, isrc: track.isrc, position })
          .where(and(eq(tracks.id, track.id), eq(tracks.releaseId, id)));
      } else {
        added.push({ title: track.title, isrc: track.isrc, position });
      }
    }
    await insertTracks(tx, id, added);
    return { status: "updated" };
  });
}

export async function trackReleaseId(db: Executor, trackId: string): Promise<string | undefined> {
  const [row] = await db.select({ releaseId: tracks.releaseId }).from(tracks).where(eq(tracks.id, trackId));
  return row?.releaseId;
}
