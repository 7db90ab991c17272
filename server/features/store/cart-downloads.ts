// Downloads bought in the shop's cart (docs/decisions/055-downloads-in-the-cart.md): priced as
// the release's page prices them, taxed at the label's digital rate for the buyer's country, held
// as pending purchases of the order, and made paid, refunded or removed with it. The shop calls
// these through the CartDownloads its deps carry (features/index.ts wires them).
import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { DigitalLine } from "@shared/merchandise-checkout";
import { fromCents, toCents } from "@shared/money";
import { releases, tracks } from "@shared/royalties.table";
import { taxCents } from "@shared/shipping";
import { storeListings, storePurchases } from "@shared/store.table";
import {
  minimumMessage,
  NO_SINGLE_TRACKS,
  NOT_A_TRACK_OF_RELEASE,
  purchaseTitle,
  singleTrackPrice,
  STORE_RELEASE_NOT_FOUND,
} from "@shared/store";
import type { Executor, Transaction } from "../../db/database";
import type { CartDownloads, OrderDownload, PricedDownload, PricedDownloads } from "../../lib/cart-downloads";
import { HttpError } from "../../lib/http-error";
import { downloadItem } from "./download-links";
import { digitalTaxRate } from "./digital-tax.service";
import { writeRefundLine } from "./royalty-lines";
import type { PurchaseDeps } from "./purchases.service";
import type { PurchaseRow } from "./store.repository";

const NONE: PricedDownloads = { lines: [], rate: null, subtotalCents: 0, taxCents: 0 };

/**
 * Prices a cart's downloads for a country in two reads (the listings with their releases, the
 * named tracks): 404 for a release not on sale; 400 naming `digital.N.trackId` for a track not
 * of its release or a release sold whole, `digital.N.amount` below a release's minimum.
 */
export async function priceDownloads(db: Executor, lines: DigitalLine[], country: string): Promise<PricedDownloads> {
  if (lines.length === 0) return NONE;
  const releaseIds = [...new Set(lines.map((line) => line.releaseId))];
  const trackIds = lines.flatMap((line) => (line.trackId ? [line.trackId] : []));
  const [onSale, named, rate] = await Promise.all([
    db
      .select({ release: releases, listing: storeListings })
      .from(storeListings)
      .innerJoin(releases, eq(releases.id, storeListings.releaseId))
      .where(and(inArray(storeListings.releaseId, releaseIds), eq(storeListings.published, true))),
    trackIds.length === 0 ? [] : db.select().from(tracks).where(inArray(tracks.id, trackIds)),
    digitalTaxRate(db, country),
  ]);
  const byRelease = new Map(onSale.map((row) => [row.release.id, row]));
  const trackById = new Map(named.map((track) => [track.id, track]));
  const priced = lines.map((line, index): PricedDownload => {
    const found = byRelease.get(line.releaseId);
    if (!found) throw HttpError.notFound(STORE_RELEASE_NOT_FOUND);
    const { release, listing } = found;
    const base = { releaseId: release.id, artist: release.artist, coverUrl: listing.coverUrl, taxCents: 0 };
    if (line.trackId) {
      const field = `digital.${index}.trackId`;
      const price = singleTrackPrice(listing.trackPrice);
      if (price === null) throw HttpError.badRequest(NO_SINGLE_TRACKS, { [field]: [NO_SINGLE_TRACKS] });
      const track = trackById.get(line.trackId);
      if (!track || track.releaseId !== release.id)
        throw HttpError.badRequest(NOT_A_TRACK_OF_RELEASE, { [field]: [NOT_A_TRACK_OF_RELEASE] });
      return {
        ...base,
        trackId: track.id,
        title: purchaseTitle(release.title, track.title),
        amountCents: toCents(price),
      };
    }
    let amountCents = toCents(listing.price);
    if (listing.payWhatYouWant) {
      amountCents = toCents(line.amount ?? listing.suggestedPrice ?? listing.price);
      const minimum = toCents(listing.minimumPrice ?? "0");
      if (amountCents < minimum) {
        const message = minimumMessage(fromCents(minimum));
        throw HttpError.badRequest(message, { [`digital.${index}.amount`]: [message] });
      }
    }
    return { ...base, trackId: null, title: release.title, amountCents };
  });
  const taxed = priced.map((line) => ({ ...line, taxCents: rate === null ? 0 : taxCents(line.amountCents, rate) }));
  return {
    lines: taxed,
    rate,
    subtotalCents: taxed.reduce((sum, line) => sum + line.amountCents, 0),
    taxCents: taxed.reduce((sum, line) => sum + line.taxCents, 0),
  };
}

/** The downloads as pending purchases of the order, in the transaction that placed it. */
export async function holdDownloads(tx: Transaction, orderId: string, email: string, priced: PricedDownloads) {
  if (priced.lines.length === 0) return;
  await tx.insert(storePurchases).values(
    priced.lines.map((line) => ({
      token: crypto.randomBytes(24).toString("base64url"),
      releaseId: line.releaseId,
      trackId: line.trackId,
      email: email.toLowerCase(),
      amount: fromCents(line.amountCents),
      tax: fromCents(line.taxCents),
      status: "pending" as const,
      merchandiseOrderId: orderId,
    })),
  );
}

/** The order's PaymentIntent pays for its downloads too (the fee job reads the fee by it). */
export async function attachDownloadsIntent(db: Executor, orderId: string, paymentIntentId: string) {
  await db.update(storePurchases).set({ paymentIntentId }).where(eq(storePurchases.merchandiseOrderId, orderId));
}

/** An order Stripe never started a payment for: its pending downloads go with it. */
export async function dropDownloads(tx: Executor, orderId: string) {
  await tx
    .delete(storePurchases)
    .where(and(eq(storePurchases.merchandiseOrderId, orderId), eq(storePurchases.status, "pending")));
}

async function lockDownloads(tx: Executor, orderId: string): Promise<PurchaseRow[]> {
  return tx.select().from(storePurchases).where(eq(storePurchases.merchandiseOrderId, orderId)).for("update");
}

/**
 * The order is paid: its downloads become paid once, and their links go in one e-mail queued in
 * the same transaction. Their fee is the store-fees job's to read (a share of the order's), and
 * with it their royalty lines.
 */
export async function settleDownloads(
  deps: Pick<PurchaseDeps, "appUrl" | "messages">,
  tx: Transaction,
  orderId: string,
): Promise<number> {
  const paid = await tx
    .update(storePurchases)
    .set({ status: "paid" })
    .where(and(eq(storePurchases.merchandiseOrderId, orderId), eq(storePurchases.status, "pending")))
    .returning();
  if (paid.length === 0) return 0;
  const titles = await tx
    .select({ id: releases.id, title: releases.title, artist: releases.artist, coverUrl: storeListings.coverUrl })
    .from(releases)
    .leftJoin(storeListings, eq(storeListings.releaseId, releases.id))
    .where(inArray(releases.id, [...new Set(paid.map((p) => p.releaseId))]));
  const trackTitles = await trackTitlesOf(tx, paid);
  const byId = new Map(titles.map((row) => [row.id, row]));
  await deps.messages.queue(tx, [
    {
      template: "store-downloads",
      recipient: paid[0].email,
      aboutType: "store_purchase",
      aboutId: paid[0].id,
      params: {
        reason: "download",
        items: paid.map((purchase) => {
          const release = byId.get(purchase.releaseId);
          return downloadItem(deps.appUrl, {
            title: purchaseTitle(release?.title ?? "Your music", trackTitles.get(purchase.trackId ?? "") ?? null),
            artist: release?.artist ?? "",
            token: purchase.token,
            coverUrl: release?.coverUrl ?? null,
          });
        }),
      },
    },
  ]);
  return paid.length;
}

async function trackTitlesOf(tx: Executor, purchases: PurchaseRow[]): Promise<Map<string, string>> {
  const ids = purchases.flatMap((p) => (p.trackId ? [p.trackId] : []));
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: tracks.id, title: tracks.title }).from(tracks).where(inArray(tracks.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/**
 * The order's whole payment went back (cancelled, or refunded in full): its downloads stop
 * downloading (410) and each paid one's line is taken back, once (the rows are locked, and one
 * already refunded is left). One never paid is marked refunded with no line.
 */
export async function refundDownloads(tx: Transaction, orderId: string) {
  for (const purchase of await lockDownloads(tx, orderId)) {
    if (purchase.status === "refunded") continue;
    const amount = toCents(purchase.amount);
    const before = toCents(purchase.refundedAmount);
    await tx
      .update(storePurchases)
      .set({ status: "refunded", refundedAmount: purchase.amount })
      .where(eq(storePurchases.id, purchase.id));
    // Before its fee is known the store-fees job writes the sale's line and this one together.
    if (purchase.status === "paid" && purchase.fee !== null) await writeRefundLine(tx, purchase, before, amount);
  }
}

/** What an order's answer shows of its downloads: title, artist, amount, and the link while it downloads. */
export async function downloadsOfOrders(db: Executor, orderIds: string[]): Promise<OrderDownload[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: storePurchases.merchandiseOrderId,
      purchase: storePurchases,
      title: releases.title,
      artist: releases.artist,
      trackTitle: tracks.title,
    })
    .from(storePurchases)
    .innerJoin(releases, eq(releases.id, storePurchases.releaseId))
    .leftJoin(tracks, eq(tracks.id, storePurchases.trackId))
    .where(inArray(storePurchases.merchandiseOrderId, orderIds));
  return rows.map((row) => ({
    orderId: row.orderId!,
    title: purchaseTitle(row.title, row.trackTitle),
    artist: row.artist,
    amount: row.purchase.amount,
    tax: row.purchase.tax,
    status: row.purchase.status,
    downloadPath: row.purchase.status === "paid" ? `/downloads/${row.purchase.token}` : null,
  }));
}

/** The store's side of the cart, as features/index.ts hands it to the shop. */
export function createCartDownloads(deps: Pick<PurchaseDeps, "appUrl" | "messages">): CartDownloads {
  return {
    price: priceDownloads,
    hold: holdDownloads,
    attachIntent: attachDownloadsIntent,
    drop: dropDownloads,
    settle: (tx, orderId) => settleDownloads(deps, tx, orderId),
    refund: refundDownloads,
    ofOrders: downloadsOfOrders,
  };
}
