import { and, eq, sql } from "drizzle-orm";
import { payees } from "@shared/royalty-catalogue.table";
import type { Database } from "../../../db/database";
import { createPayee } from "../payees/payees.repository";
import { createRelease } from "./releases.service";
import { setReleaseSplits } from "./splits.service";

/** A track the A&R team accepted, as the catalogue takes it in. */
export interface AcceptedTrack {
  title: string;
  artist: string;
  /** The artist's e-mail: their payee is found by it, else made with it. */
  email: string;
  upc: string;
  isrc: string;
  /** The artist's share of the release, in percent ("50.00"); the rest is the label's. */
  share: string;
}

/**
 * An accepted submission in the royalty catalogue in one call: a single release of its one
 * track, the artist as its payee (the payee with the artist's e-mail and name when there is
 * one, else a new one) at the agreed share. A UPC or ISRC already held is refused by the
 * release (409 naming the holder) before any payee or split is written.
 */
export async function addAcceptedTrack(db: Database, track: AcceptedTrack) {
  const release = await createRelease(db, {
    title: track.title,
    artist: track.artist,
    upc: track.upc,
    releaseDate: null,
    tracks: [{ title: track.title, isrc: track.isrc }],
  });
  const email = track.email.toLowerCase();
  const [known] = await db
    .select({ id: payees.id })
    .from(payees)
    .where(and(eq(payees.email, email), sql`lower(${payees.artistName}) = lower(${track.artist})`))
    .limit(1);
  const payee =
    known ?? (await createPayee(db, { name: track.artist, email, artistName: track.artist, platformShare: "0.00" }));
  await setReleaseSplits(db, release.id, { splits: [{ payeeId: payee.id, share: track.share }] });
  return { releaseId: release.id, payeeId: payee.id };
}
