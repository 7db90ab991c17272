import type { AssignCode } from "@shared/royalty-imports";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { readImport, removeUnclaimed } from "./imports.repository";
import { codeOwner, releaseExists, saveAssignment, trackExists } from "./unmatched.repository";

export async function getImport(db: Database, id: string) {
  const found = await readImport(db, id);
  if (!found) throw HttpError.notFound("Import not found");
  return found;
}

/** DELETE /api/royalty-imports/:id: the import and its lines, unless a closed period counts them. */
export async function removeImport(db: Database, id: string): Promise<void> {
  const outcome = await removeUnclaimed(db, id);
  if (outcome === "missing") throw HttpError.notFound("Import not found");
  if (outcome !== "removed") {
    // "July 1 – 31, 2026", with plain spaces where Intl puts thin ones.
    const days = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" })
      .formatRange(new Date(`${outcome.start}T00:00:00Z`), new Date(`${outcome.end}T00:00:00Z`))
      .replace(/[\u2009\u202f]/g, " ");
    throw HttpError.conflict(
      `This import's lines are counted in the statements of the closed period ${days}: it can no longer be removed`,
    );
  }
}

/** An unmatched code given to a track (an ISRC) or a release (a UPC): its waiting lines match. */
export async function assignCode(db: Database, body: AssignCode, createdBy: string): Promise<{ matched: number }> {
  const isTrack = "isrc" in body;
  const code = isTrack ? body.isrc : body.upc;
  if (isTrack ? !(await trackExists(db, body.trackId)) : !(await releaseExists(db, body.releaseId)))
    throw HttpError.notFound(isTrack ? "Track not found" : "Release not found");
  const owner = await codeOwner(db, isTrack ? { isrc: code } : { upc: code });
  if (owner !== undefined)
    throw HttpError.conflict(`${code} is the ${isTrack ? "ISRC" : "UPC"} of ${owner} in the catalogue`);
  const result = await saveAssignment(
    db,
    isTrack ? { code, trackId: body.trackId } : { code, releaseId: body.releaseId },
    createdBy,
  );
  if (result.conflict)
    throw HttpError.conflict(`${code} is already assigned to another ${isTrack ? "track" : "release"}`);
  return { matched: result.matched };
}
