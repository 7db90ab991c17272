import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { normalizeIsrc, normalizeUpc } from "@shared/royalty-codes";
import { payees, releases, royaltyCodeAssignments, royaltyLines, royaltySplits, tracks } from "@shared/royalties.table";
import {
  labelShareOf,
  type ReleaseInput,
  type ReleaseSplits,
  type Split,
  type SplitsInput,
} from "@shared/royalty-catalogue";
import type { Database, Executor, Transaction } from "../../db/database";

/** The catalogue is thousands of releases: a list shows the newest, a search narrows it. */
export const LIST_LIMIT = 200;

/** `value` as an ILIKE "contains" pattern, its own % and _ taken literally. */
export function contains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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

/** A code the catalogue already holds elsewhere: where, for the 409's words. */
export type CodeConflict =
  { kind: "upc"; upc: string; releaseTitle: string } | { kind: "isrc"; isrc: string; trackTitle: string };

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

export function createRoyaltyCatalogueRepository(db: Database) {
  async function release(id: string, tx: Executor = db) {
    const [row] = await tx.select(releaseAnswer).from(releases).where(eq(releases.id, id));
    return row;
  }

  /** The UPC or an ISRC already on another release (`releaseId`'s own tracks do not count). */
  async function codeConflict(
    tx: Executor,
    upc: string,
    isrcs: string[],
    releaseId?: string,
  ): Promise<CodeConflict | undefined> {
    const [byUpc] = await tx
      .select({ title: releases.title })
      .from(releases)
      .where(and(eq(releases.upc, upc), releaseId ? ne(releases.id, releaseId) : undefined));
    if (byUpc) return { kind: "upc", upc, releaseTitle: byUpc.title };
    if (isrcs.length === 0) return undefined;
    const [byIsrc] = await tx
      .select({ isrc: tracks.isrc, title: tracks.title })
      .from(tracks)
      .where(and(inArray(tracks.isrc, isrcs), releaseId ? ne(tracks.releaseId, releaseId) : undefined))
      .orderBy(asc(tracks.isrc))
      .limit(1);
    if (byIsrc) return { kind: "isrc", isrc: byIsrc.isrc, trackTitle: byIsrc.title };
    // A code an admin assigned from the unmatched queue already leads its lines to another
    // release or track: the same code in the catalogue would make the match ambiguous.
    const codes = [upc, ...isrcs];
    const { rows } = await tx.execute<{ code: string; title: string }>(sql`
      select a.code, coalesce(t.title, r.title) as title
        from ${royaltyCodeAssignments} a
        left join ${tracks} t on t.id = a.track_id
        left join ${releases} r on r.id = a.release_id
       where a.code in (${sql.join(
         codes.map((code) => sql`${code}`),
         sql`, `,
       )})
         and coalesce(t.release_id, r.id) is distinct from ${releaseId ?? null}
       order by a.code
       limit 1`);
    const [assigned] = rows;
    if (!assigned) return undefined;
    return assigned.code === upc
      ? { kind: "upc", upc, releaseTitle: assigned.title }
      : { kind: "isrc", isrc: assigned.code, trackTitle: assigned.title };
  }

  /** Locks the release row, so its tracks and splits change one writer at a time. */
  async function lockRelease(tx: Transaction, id: string): Promise<boolean> {
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

  async function splitsOf(
    where: SQL,
    tx: Executor,
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
        "releaseId" in target
          ? eq(royaltySplits.releaseId, target.releaseId)
          : eq(royaltySplits.trackId, target.trackId),
      );
    if (splits.length > 0) {
      await tx
        .insert(royaltySplits)
        .values(splits.map((split) => ({ ...target, payeeId: split.payeeId, share: split.share })));
    }
    return [];
  }

  return {
    release,
    codeConflict: (upc: string, isrcs: string[], releaseId?: string) => codeConflict(db, upc, isrcs, releaseId),

    async listReleases(q: string | undefined) {
      let where: SQL | undefined;
      if (q) {
        const pattern = contains(q);
        const isrcPattern = contains(normalizeIsrc(q));
        where = or(
          ilike(releases.title, pattern),
          ilike(releases.artist, pattern),
          ilike(releases.upc, contains(normalizeUpc(q))),
          sql`exists (select 1 from ${tracks} t where t.release_id = "releases"."id"
            and (t.title ilike ${pattern} or t.isrc ilike ${isrcPattern}))`,
        );
      }
      return db
        .select(releaseAnswer)
        .from(releases)
        .where(where)
        .orderBy(desc(releases.createdAt), desc(releases.id))
        .limit(LIST_LIMIT);
    },

    /** Adds the release and its tracks in order, or names the code another release holds. */
    createRelease(input: ReleaseInput): Promise<{ id: string } | { conflict: CodeConflict }> {
      return db.transaction(async (tx) => {
        const conflict = await codeConflict(
          tx,
          input.upc,
          input.tracks.map((track) => track.isrc),
        );
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
    },

    /**
     * Edits a release: tracks with an id are kept (edited and reordered), the others added, and
     * the ones left out removed, unless something counts on them (splits, royalty lines, an
     * assigned code): report lines carry no foreign key, so that check is the only guard.
     */
    updateRelease(id: string, input: ReleaseInput): Promise<UpdateOutcome> {
      return db.transaction(async (tx): Promise<UpdateOutcome> => {
        if (!(await lockRelease(tx, id))) return { status: "not-found" };
        const existing = await tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, id));
        const existingIds = new Set(existing.map((track) => track.id));
        const unknown = input.tracks.flatMap((track, index) => (track.id && !existingIds.has(track.id) ? [index] : []));
        if (unknown.length > 0) return { status: "unknown-tracks", indexes: unknown };
        const keptIds = new Set(input.tracks.flatMap((track) => (track.id ? [track.id] : [])));
        const removed = existing.filter((track) => !keptIds.has(track.id)).map((track) => track.id);
        if (removed.length > 0) {
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
          const used = inUse.filter((track) => track.splits || track.lines || track.code);
          if (used.length > 0) return { status: "in-use", tracks: used };
        }
        const conflict = await codeConflict(
          tx,
          input.upc,
          input.tracks.map((track) => track.isrc),
          id,
        );
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
    },

    async trackReleaseId(trackId: string): Promise<string | undefined> {
      const [row] = await db.select({ releaseId: tracks.releaseId }).from(tracks).where(eq(tracks.id, trackId));
      return row?.releaseId;
    },

    /** A release's splits and each track's own, with what they leave to the label. */
    async splits(releaseId: string, tx: Executor = db): Promise<ReleaseSplits | undefined> {
      const [row] = await tx.select({ id: releases.id }).from(releases).where(eq(releases.id, releaseId));
      if (!row) return undefined;
      const trackList = await tx
        .select({ trackId: tracks.id, title: tracks.title, isrc: tracks.isrc })
        .from(tracks)
        .where(eq(tracks.releaseId, releaseId))
        .orderBy(asc(tracks.position), asc(tracks.id));
      const all = await splitsOf(
        or(
          eq(royaltySplits.releaseId, releaseId),
          trackList.length > 0
            ? inArray(
                royaltySplits.trackId,
                trackList.map((track) => track.trackId),
              )
            : sql`false`,
        )!,
        tx,
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
    },

    /** Replaces a release's splits: "not-found", the unknown payees, or done. */
    setReleaseSplits(releaseId: string, input: SplitsInput): Promise<"not-found" | string[]> {
      return db.transaction(async (tx) => {
        if (!(await lockRelease(tx, releaseId))) return "not-found";
        return replaceSplits(tx, { releaseId }, input);
      });
    },

    /** Replaces a track's own splits (its release locked, as an edit removing it would): "not-found", the unknown payees, or done. */
    setTrackSplits(trackId: string, input: SplitsInput): Promise<"not-found" | string[]> {
      return db.transaction(async (tx) => {
        const [track] = await tx.select({ releaseId: tracks.releaseId }).from(tracks).where(eq(tracks.id, trackId));
        if (!track || !(await lockRelease(tx, track.releaseId))) return "not-found";
        // The edit that held the lock may have removed it.
        const [still] = await tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId));
        if (!still) return "not-found";
        return replaceSplits(tx, { trackId }, input);
      });
    },
  };
}

export type RoyaltyCatalogueRepository = ReturnType<typeof createRoyaltyCatalogueRepository>;
