import { royaltyLines } from "@shared/royalties.table";
import type { Executor } from "../../db/database";
import { findRelease, findTrack } from "./store.repository";

/**
 * A store sale on the artist's statement: one royalty line, source "store", against the release
 * (its UPC), dated today so the next period to close counts it (docs/decisions/033-royalty-money-rules.md).
 * A single track's sale is the track's line, as a distributor reports one: its ISRC and title and
 * its id, so the track's own splits count it when it has any (else the release's).
 * A redeemed code writes 0.00, a refund the negative of the sale. Written in the transaction of
 * the change it reports, which happens once (pending → paid, paid → refunded, a code redeemed).
 */
export async function writeStoreLine(
  db: Executor,
  sold: { releaseId: string; trackId: string | null },
  amount: string,
  what: "sale" | "code" | "refund",
) {
  const release = await findRelease(db, sold.releaseId);
  if (!release) return;
  const track = sold.trackId === null ? null : await findTrack(db, sold.trackId);
  await db.insert(royaltyLines).values({
    source: "store",
    reportedOn: new Date().toISOString().slice(0, 10),
    store: what === "code" ? "Label store (download code)" : "Label store",
    quantity: what === "refund" ? -1 : 1,
    isrc: track?.isrc ?? null,
    upc: release.upc,
    title: track?.title ?? release.title,
    artist: release.artist,
    currency: "USD",
    amount,
    rate: "1",
    converted: amount,
    trackId: track?.id ?? null,
    releaseId: release.id,
  });
}
