import { COVER_TYPES_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, LOGO_MAX_MB, type UploadPurpose } from "@shared/object-uploads";
import type { Executor, Transaction } from "../../db/database";
import { HttpError } from "../../lib/http-error";

const REFUSALS = {
  "not-issued": "This cover was not uploaded here. Upload the image again",
  "not-uploaded": "Upload the cover before saving",
  unfit: `${COVER_TYPES_MESSAGE} of at most ${LOGO_MAX_MB}MB`,
  "too-many-pixels": IMAGE_TOO_LARGE_MESSAGE,
  gone: "Upload the cover again before saving",
};

/**
 * What the store needs from the objects feature, passed in by features/index.ts: claim an image
 * upload for a purpose (its type, bytes and pixels read from storage) and run `save` while the
 * upload is held, so the clean-up of unclaimed uploads cannot remove it meanwhile.
 */
export type ClaimUpload = <T>(
  userId: string,
  objectPath: string,
  purpose: UploadPurpose,
  save: (tx: Transaction) => Promise<T>,
) => Promise<{ claimed: T } | { refused: keyof typeof REFUSALS }>;

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
