import type { StoreRelease } from "@shared/store";
import { formatMoney } from "@shared/money";
import { PREVIEW_SECONDS } from "@shared/store.values";
import type { PlayerTrack } from "./components/use-preview-player";

const PALETTE: [string, string][] = [
  ["#7c3aed", "#ec4899"],
  ["#0ea5e9", "#22d3ee"],
  ["#f97316", "#facc15"],
  ["#10b981", "#3b82f6"],
  ["#ef4444", "#a855f7"],
  ["#14b8a6", "#84cc16"],
];

/** A release without a cover gets a gradient of its own, the same on every visit. */
export function coverColours(id: string): [string, string] {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/** What a release costs, in words: "$7.00", "Name your price", "$5.00 or more". */
export function priceText(release: Pick<StoreRelease, "price" | "payWhatYouWant" | "minimumPrice">): string {
  if (!release.payWhatYouWant) return formatMoney(release.price);
  const minimum = release.minimumPrice ?? "0.00";
  return minimum === "0.00" ? "Name your price" : `${formatMoney(minimum)} or more`;
}

/** Every track of these releases with a preview, for the player bar. */
export function playerTracks(releases: readonly StoreRelease[]): PlayerTrack[] {
  return releases.flatMap((release) =>
    release.tracks
      .filter((track) => track.previewUrl)
      .map((track) => ({
        id: track.id,
        title: track.title,
        artist: release.artist,
        price: release.trackPrice ?? release.price,
        length: Math.min(track.durationSeconds ?? PREVIEW_SECONDS, PREVIEW_SECONDS),
        cover: coverColours(release.id),
        coverUrl: release.coverUrl,
        previewUrl: track.previewUrl,
      })),
  );
}

export const FORMAT_NAMES: Record<string, string> = { "mp3-320": "MP3 320", flac: "FLAC", wav: "WAV" };

export function durationText(seconds: number | null): string {
  if (seconds === null) return "";
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
