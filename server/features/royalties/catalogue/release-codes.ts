import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { releases, royaltyCodeAssignments, tracks } from "@shared/royalties.table";
import type { ReleaseInput } from "@shared/royalty-catalogue";
import type { Executor } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";

/** A code the catalogue already holds elsewhere: where, for the 409's words. */
export type CodeConflict =
  { kind: "upc"; upc: string; releaseTitle: string } | { kind: "isrc"; isrc: string; trackTitle: string };

/** The UPC or an ISRC already on another release (`releaseId`'s own tracks do not count). */
export async function findCodeConflict(
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

/** The 409 for a UPC or an ISRC another release holds, with the field it belongs to. */
export function codeConflictError(conflict: CodeConflict, input: ReleaseInput): HttpError {
  if (conflict.kind === "upc") {
    const message = `UPC ${conflict.upc} is already used by ${conflict.releaseTitle}`;
    return new HttpError(409, message, { upc: [message] });
  }
  const message = `ISRC ${conflict.isrc} is already on ${conflict.trackTitle}`;
  const index = input.tracks.findIndex((track) => track.isrc === conflict.isrc);
  return new HttpError(409, message, index >= 0 ? { [`tracks.${index}.isrc`]: [message] } : undefined);
}
