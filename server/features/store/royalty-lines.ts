import { fromCents, toCents } from "@shared/money";
import { royaltyLines } from "@shared/royalties.table";
import type { Executor } from "../../db/database";
import { findRelease, findTrack, type PurchaseRow } from "./store.repository";

/**
 * A store sale on the artist's statement: royalty lines, source "store", against the release
 * (its UPC), dated today so the next period to close counts them
 * (docs/decisions/033-royalty-money-rules.md). A single track's sale is the track's line, as a
 * distributor reports one: its ISRC and title and its id, so the track's own splits count it when
 * it has any (else the release's). Written in the transaction of the change they report, which
 * happens once (a sale's fee known, a refund recorded, a code redeemed).
 *
 * The artist's share of a sale is what reached the label: the amount paid less Stripe's card
 * fee (docs/decisions/054-store-money-on-the-statement.md). A refund takes back the same part of
 * that net as it gives back of the amount paid, so a sale refunded in full sums to zero; the fee
 * Stripe keeps on a refunded sale is the label's loss, not the artist's.
 */
export async function writeStoreLine(
  db: Executor,
  sold: { releaseId: string; trackId: string | null },
  amount: string,
  what: "sale" | "code" | "refund" | "part-refund",
) {
  const release = await findRelease(db, sold.releaseId);
  if (!release) return;
  const track = sold.trackId === null ? null : await findTrack(db, sold.trackId);
  await db.insert(royaltyLines).values({
    source: "store",
    reportedOn: new Date().toISOString().slice(0, 10),
    store: what === "code" ? "Label store (download code)" : "Label store",
    // A refund in full takes the unit back; a part refund returns money, not a unit.
    quantity: what === "refund" ? -1 : what === "part-refund" ? 0 : 1,
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

/**
 * The part of a sale's net that `refundedCents` of its amount takes back, to the cent (half up),
 * counted on the running total refunded: successive part refunds add up to exactly the net
 * once the whole amount is refunded.
 */
export function refundedNetCents(netCents: number, amountCents: number, refundedCents: number): number {
  if (refundedCents <= 0 || amountCents <= 0) return 0;
  if (refundedCents >= amountCents) return netCents;
  const d = BigInt(amountCents);
  const cents = Number((BigInt(Math.abs(netCents)) * BigInt(refundedCents) * 2n + d) / (2n * d));
  return netCents < 0 ? -cents : cents;
}

/**
 * A download's part of the card fee on a cart's one charge: the fee × its amount ÷ the charge's
 * total, to the cent (half up). The fee on the tax, shipping and goods is the label's.
 */
export function feeShareCents(feeCents: number, amountCents: number, totalCents: number): number {
  if (totalCents <= 0 || amountCents <= 0) return 0;
  const d = BigInt(totalCents);
  return Number((BigInt(feeCents) * BigInt(amountCents) * 2n + d) / (2n * d));
}

/** The sale's line, net of its fee, and the line of whatever was refunded before the fee was known. */
export async function writeSaleLines(
  db: Executor,
  sale: Pick<PurchaseRow, "releaseId" | "trackId" | "amount" | "fee" | "refundedAmount">,
) {
  const amount = toCents(sale.amount);
  const net = amount - toCents(sale.fee ?? "0");
  await writeStoreLine(db, sale, fromCents(net), "sale");
  await writeRefundLine(db, sale, 0, toCents(sale.refundedAmount));
}

/** The negative line of what was newly refunded: from `beforeCents` to `nowCents` refunded in all. */
export async function writeRefundLine(
  db: Executor,
  sale: Pick<PurchaseRow, "releaseId" | "trackId" | "amount" | "fee">,
  beforeCents: number,
  nowCents: number,
) {
  if (nowCents <= beforeCents) return;
  const amount = toCents(sale.amount);
  const net = amount - toCents(sale.fee ?? "0");
  const cents = refundedNetCents(net, amount, nowCents) - refundedNetCents(net, amount, beforeCents);
  await writeStoreLine(db, sale, fromCents(-cents), nowCents >= amount ? "refund" : "part-refund");
}
