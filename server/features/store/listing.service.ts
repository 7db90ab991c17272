import { RELEASE_NOT_FOUND } from "@shared/royalty-catalogue";
import type { StoreListing, StoreListingInput } from "@shared/store";
import type { Executor } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import type { ClaimUpload } from "../../lib/upload-claims";
import { saveWithCover } from "./covers";
import { findListing, findRelease, tracksWithAudio, upsertListing, type ListingRow } from "./store.repository";

function listingAnswer(row: ListingRow | null): StoreListing["listing"] {
  if (!row) return null;
  const { releaseId: _releaseId, updatedAt: _updatedAt, ...listing } = row;
  return listing;
}

async function trackAudioOf(db: Executor, releaseId: string) {
  const rows = await tracksWithAudio(db, [releaseId]);
  return rows.map(({ track, audio }) => ({
    trackId: track.id,
    title: track.title,
    position: track.position,
    status: audio?.status ?? null,
    error: audio?.error ?? null,
    durationSeconds: audio?.durationSeconds ?? null,
    masterContentType: audio?.masterContentType ?? null,
  }));
}

export async function getListing(db: Executor, releaseId: string): Promise<StoreListing> {
  if (!(await findRelease(db, releaseId))) throw HttpError.notFound(RELEASE_NOT_FOUND);
  const tracks = await trackAudioOf(db, releaseId);
  return {
    releaseId,
    listing: listingAnswer(await findListing(db, releaseId)),
    tracks: tracks.map(({ masterContentType: _type, ...track }) => track),
  };
}

const isWav = (type: string | null) => type === "audio/wav" || type === "audio/x-wav";

/**
 * Saves a release's price rules. A release can only be published once every track's MP3, FLAC and
 * preview are made (a buyer must get every track), and WAV only where every master is a WAV (the
 * master is what a WAV download holds; nothing converts to WAV). A new cover is claimed from the
 * objects feature: an image this administrator uploaded.
 */
export async function putListing(
  deps: { db: Executor; claimUpload: ClaimUpload },
  userId: string,
  releaseId: string,
  input: StoreListingInput,
): Promise<StoreListing> {
  const { db } = deps;
  if (!(await findRelease(db, releaseId))) throw HttpError.notFound(RELEASE_NOT_FOUND);
  const tracks = await trackAudioOf(db, releaseId);
  if (input.published) {
    const missing = tracks.filter((track) => track.status !== "ready");
    if (missing.length > 0)
      throw HttpError.badRequest(
        `Every track needs its audio before the release goes on sale: ${missing.map((t) => t.title).join(", ")}`,
        { tracks: [`Upload a master for ${missing.map((t) => t.title).join(", ")} and wait until it is ready`] },
      );
  }
  if (input.formats.includes("wav") && tracks.some((track) => track.status && !isWav(track.masterContentType)))
    throw HttpError.badRequest("WAV can only be offered when every track's master is a WAV file", {
      formats: ["WAV can only be offered when every track's master is a WAV file"],
    });
  const saved = await findListing(db, releaseId);
  const row = await saveWithCover(
    deps,
    { userId, coverUrl: input.coverUrl, savedCoverUrl: saved?.coverUrl ?? null },
    (executor) => upsertListing(executor, releaseId, input),
  );
  return {
    releaseId,
    listing: listingAnswer(row),
    tracks: tracks.map(({ masterContentType: _type, ...track }) => track),
  };
}
