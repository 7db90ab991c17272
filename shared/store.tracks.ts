// Single tracks in the music store (docs/decisions/051-the-music-store.md): a release whose
// listing has a track price sells each of its tracks alone, at that price, by card.
import { toCents } from "./money";

/** A single track is always paid by card, and Stripe charges nothing below $0.50. */
export const MINIMUM_TRACK_PRICE_CENTS = 50;
export const TRACK_PRICE_MINIMUM =
  "A single track costs $0.50 or more (card payments start there); leave it empty to sell whole releases only";
export const NO_SINGLE_TRACKS = "This release is sold whole, not by the track";
export const NOT_A_TRACK_OF_RELEASE = "Choose a track of this release";

/** A purchase's name in its e-mail, the library and the download page: "{track} — from {release}" for a single track. */
export function purchaseTitle(releaseTitle: string, trackTitle: string | null): string {
  return trackTitle === null ? releaseTitle : `${trackTitle} — from ${releaseTitle}`;
}

/**
 * The price a listing sells its tracks at, or null when it sells none: no track price, or one
 * saved below Stripe's minimum before that was refused (no card could pay it).
 */
export function singleTrackPrice(trackPrice: string | null): string | null {
  return trackPrice !== null && toCents(trackPrice) >= MINIMUM_TRACK_PRICE_CENTS ? trackPrice : null;
}
