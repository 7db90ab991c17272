import { COVER_TYPES_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, LOGO_MAX_MB } from "@shared/object-uploads";
import type { Executor } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import type { ClaimUpload, UploadClaimRefusal } from "../../lib/upload-claims";

const REFUSALS: Record<UploadClaimRefusal, string> = {
  "not-issued": "This cover was not uploaded here. Upload the image again",
  "not-uploaded": "Upload the cover before saving",
  unfit: `${COVER_TYPES_MESSAGE} of at most ${LOGO_MAX_MB}MB`,
  "too-many-pixels": IMAGE_TOO_LARGE_MESSAGE,
  gone: "Upload the cover again before saving",
};

/**
 * Saves a listing with its cover. Keeping the saved cover or removing it needs no claim; a new
 * one must be an image this administrator uploaded (docs/decisions/051-the-music-store.md), and
 * the listing is written in the transaction that holds the upload.
 */
export async function saveWithCover<T>(
  deps: { db: Executor; claimUpload: ClaimUpload },
  change: { userId: string; coverUrl: string | null | undefined; savedCoverUrl: string | null },
  save: (db: Executor) => Promise<T>,
): Promise<T> {
  const { coverUrl } = change;
  if (coverUrl == null || coverUrl === change.savedCoverUrl) return save(deps.db);
  const outcome = await deps.claimUpload(change.userId, coverUrl, "cover", save);
  if ("refused" in outcome) {
    const message = REFUSALS[outcome.refused];
    throw HttpError.badRequest(message, { coverUrl: [message] });
  }
  return outcome.claimed;
}
