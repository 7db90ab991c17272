import { RELEASE_NOT_FOUND, TRACK_NOT_FOUND, type SplitsInput } from "@shared/royalty-catalogue";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { trackReleaseId } from "./releases.repository";
import { readSplits, replaceReleaseSplits, replaceTrackSplits } from "./splits.repository";

function unknownPayees(ids: string[]) {
  const message = ids.length === 1 ? `No payee has the id ${ids[0]}` : `No payees have the ids ${ids.join(", ")}`;
  return HttpError.badRequest(message, { splits: [message] });
}

export async function getSplits(db: Database, releaseId: string) {
  const splits = await readSplits(db, releaseId);
  if (!splits) throw HttpError.notFound(RELEASE_NOT_FOUND);
  return splits;
}

export async function setReleaseSplits(db: Database, releaseId: string, input: SplitsInput) {
  const result = await replaceReleaseSplits(db, releaseId, input);
  if (result === "not-found") throw HttpError.notFound(RELEASE_NOT_FOUND);
  if (result.length > 0) throw unknownPayees(result);
  return (await readSplits(db, releaseId))!;
}

export async function setTrackSplits(db: Database, trackId: string, input: SplitsInput) {
  const result = await replaceTrackSplits(db, trackId, input);
  if (result === "not-found") throw HttpError.notFound(TRACK_NOT_FOUND);
  if (result.length > 0) throw unknownPayees(result);
  const releaseId = await trackReleaseId(db, trackId);
  const splits = releaseId && (await readSplits(db, releaseId));
  if (!splits) throw HttpError.notFound(TRACK_NOT_FOUND);
  return splits;
}
