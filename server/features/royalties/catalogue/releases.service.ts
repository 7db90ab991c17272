import { RELEASE_NOT_FOUND, type ReleaseInput } from "@shared/royalty-catalogue";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { isForeignKeyViolation, isUniqueViolation } from "../../../lib/pg-errors";
import { codeConflictError, findCodeConflict } from "./release-codes";
import { insertRelease, readRelease, saveReleaseEdit, type TrackInUse } from "./releases.repository";

function inUseMessage(track: TrackInUse): string {
  const reasons = [track.splits && "splits", track.lines && "royalty lines", track.code && "an assigned code"].filter(
    Boolean,
  );
  return `${track.title} has ${reasons.join(" and ")}, so it cannot be removed`;
}

export async function getRelease(db: Database, id: string) {
  const release = await readRelease(db, id);
  if (!release) throw HttpError.notFound(RELEASE_NOT_FOUND);
  return release;
}

/**
 * The unique indexes are the last guard: a release saved at the same moment with the same
 * code passes the check in the transaction and fails here. The code is then looked up again to name it.
 */
async function guardCodes<T>(
  db: Database,
  input: ReleaseInput,
  releaseId: string | undefined,
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error, "releases_upc_idx") && !isUniqueViolation(error, "tracks_isrc_idx")) throw error;
    const conflict = await findCodeConflict(
      db,
      input.upc,
      input.tracks.map((track) => track.isrc),
      releaseId,
    );
    throw conflict
      ? codeConflictError(conflict, input)
      : HttpError.conflict("Two tracks of this release swap ISRCs; save the change in two steps");
  }
}

export async function createRelease(db: Database, input: ReleaseInput) {
  const created = await guardCodes(db, input, undefined, () => insertRelease(db, input));
  if ("conflict" in created) throw codeConflictError(created.conflict, input);
  return getRelease(db, created.id);
}

export async function updateRelease(db: Database, id: string, input: ReleaseInput) {
  let outcome;
  try {
    outcome = await guardCodes(db, input, id, () => saveReleaseEdit(db, id, input));
  } catch (error) {
    // A split or an assignment made for a removed track in the same instant: the foreign key refuses the delete.
    if (
      isForeignKeyViolation(error, "royalty_splits_track_id_tracks_id_fk") ||
      isForeignKeyViolation(error, "royalty_code_assignments_track_id_tracks_id_fk")
    )
      throw HttpError.conflict("A track left out has just been given splits or a code; reload and try again");
    throw error;
  }
  switch (outcome.status) {
    case "not-found":
      throw HttpError.notFound(RELEASE_NOT_FOUND);
    case "unknown-tracks": {
      const message = "This track is not on this release";
      throw HttpError.badRequest(
        message,
        Object.fromEntries(outcome.indexes.map((index) => [`tracks.${index}.id`, [message]])),
      );
    }
    case "conflict":
      throw codeConflictError(outcome.conflict, input);
    case "in-use":
      throw HttpError.conflict(outcome.tracks.map(inUseMessage).join("; "));
  }
  return getRelease(db, id);
}
