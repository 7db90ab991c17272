import { singleTrackPrice, STORE_RELEASE_NOT_FOUND, storeFiles, type StoreRelease } from "@shared/store";
import { pathParts } from "@shared/api-route";
import type { Executor } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import { publishedRelease, publishedReleases, tracksWithAudio, type ListingRow } from "./store.repository";
import type { releases } from "@shared/royalties.table";

type ReleaseRow = typeof releases.$inferSelect;

/** A preview's address; a full-length file never has one outside a download. */
function previewUrl(trackId: string): string {
  return pathParts(storeFiles.preview.path, { id: trackId }).join("/");
}

async function toAnswers(db: Executor, rows: { release: ReleaseRow; listing: ListingRow }[]): Promise<StoreRelease[]> {
  const tracks = await tracksWithAudio(
    db,
    rows.map((row) => row.release.id),
  );
  return rows.map(({ release, listing }) => ({
    id: release.id,
    title: release.title,
    artist: release.artist,
    genre: listing.genre,
    // The cover's object path, served publicly like any uploaded image.
    coverUrl: listing.coverUrl,
    releaseDate: release.releaseDate,
    price: listing.price,
    payWhatYouWant: listing.payWhatYouWant,
    minimumPrice: listing.minimumPrice,
    suggestedPrice: listing.suggestedPrice,
    // Null when no card could pay it: the page then offers no single tracks.
    trackPrice: singleTrackPrice(listing.trackPrice),
    formats: listing.formats,
    tracks: tracks
      .filter(({ track }) => track.releaseId === release.id)
      .map(({ track, audio }) => ({
        id: track.id,
        title: track.title,
        position: track.position,
        durationSeconds: audio?.durationSeconds ?? null,
        previewUrl: audio?.status === "ready" && audio.previewId ? previewUrl(track.id) : null,
      })),
  }));
}

export async function listStoreReleases(db: Executor, q?: string) {
  return toAnswers(db, await publishedReleases(db, q));
}

export async function getStoreRelease(db: Executor, id: string) {
  const row = await publishedRelease(db, id);
  if (!row) throw HttpError.notFound(STORE_RELEASE_NOT_FOUND);
  const [answer] = await toAnswers(db, [row]);
  return answer;
}
