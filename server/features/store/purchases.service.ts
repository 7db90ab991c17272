import crypto from "node:crypto";
import {
  NO_SINGLE_TRACKS,
  NOT_A_TRACK_OF_RELEASE,
  PURCHASE_REFUNDED,
  RESEND_MESSAGE,
  STORE_RELEASE_NOT_FOUND,
  minimumMessage,
  purchaseTitle,
  singleTrackPrice,
  type StoreFormat,
} from "@shared/store";
import { toCents, fromCents } from "@shared/money";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Database, Executor } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import { takeCount, waitText } from "../../lib/rate-limit-counters";
import { createIntentOrRollBack, MINIMUM_CHARGE_CENTS, type CheckoutPayments } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import { downloadItem } from "./download-links";
import { STORE_PURCHASE_METADATA_KEY } from "./store-payments";
import {
  findListing,
  findPurchaseByToken,
  findRelease,
  findTrack,
  insertPurchase,
  publishedRelease,
  purchasesOf,
  setPaymentIntent,
  deletePendingPurchase,
  tracksWithAudio,
  type ListingRow,
  type PurchaseRow,
} from "./store.repository";

/** Free downloads per e-mail address per hour, counted in PostgreSQL (every instance shares the count). */
export const FREE_DOWNLOADS_PER_HOUR = 5;
/** Resends per address per hour: enough for a lost e-mail, too few to flood an inbox. */
export const RESENDS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

export interface PurchaseDeps {
  db: Database;
  appUrl: string;
  logger: Logger;
  payments: CheckoutPayments;
  messages: { queue: (tx: Executor, messages: NewOutboxMessage[]) => Promise<unknown>; deliverSoon: () => void };
}

/** The track a single-track purchase names: one of the release's, on a listing that sells tracks (400 naming trackId otherwise). */
async function trackOnSale(db: Executor, listing: ListingRow, trackId: string) {
  const price = singleTrackPrice(listing.trackPrice);
  if (price === null) throw HttpError.badRequest(NO_SINGLE_TRACKS, { trackId: [NO_SINGLE_TRACKS] });
  const track = await findTrack(db, trackId);
  if (!track || track.releaseId !== listing.releaseId)
    throw HttpError.badRequest(NOT_A_TRACK_OF_RELEASE, { trackId: [NOT_A_TRACK_OF_RELEASE] });
  return { track, cents: toCents(price) };
}

/**
 * A buyer names a price (name-your-price), takes the release's price, or buys one track at the
 * listing's track price. The server prices it whatever the buyer sends: below the minimum is
 * refused; nothing to pay is a free download, its link e-mailed; a price to pay goes through the
 * card checkout (docs/decisions/051-the-music-store.md).
 */
export async function purchase(
  deps: PurchaseDeps,
  releaseId: string,
  input: { email: string; amount?: string; trackId?: string },
) {
  const found = await publishedRelease(deps.db, releaseId);
  if (!found) throw HttpError.notFound(STORE_RELEASE_NOT_FOUND);
  const { listing, release } = found;
  const email = input.email.toLowerCase();
  const token = crypto.randomBytes(24).toString("base64url");
  if (input.trackId !== undefined) {
    // A fixed price, never free: the amount the buyer sent plays no part.
    const { track, cents } = await trackOnSale(deps.db, listing, input.trackId);
    const description = `${purchaseTitle(release.title, track.title)} by ${release.artist}`;
    return payByCard(deps, { releaseId, trackId: track.id, email, cents, token, description });
  }
  let cents = toCents(listing.price);
  if (listing.payWhatYouWant) {
    const minimum = toCents(listing.minimumPrice ?? "0");
    // The contract asks for an amount whenever no track is named.
    cents = toCents(input.amount ?? listing.price);
    if (cents < minimum) {
      const message = minimumMessage(fromCents(minimum));
      throw HttpError.badRequest(message, { amount: [message] });
    }
  }
  const description = `${release.title} by ${release.artist}`;
  if (cents > 0) return payByCard(deps, { releaseId, trackId: null, email, cents, token, description });

  await deps.db.transaction(async (tx) => {
    // Counted in the same transaction as the download it allows: a refused one counts nothing.
    const wait = await takeCount(tx, `store-free:${email}`, HOUR_MS, FREE_DOWNLOADS_PER_HOUR);
    if (wait !== null)
      throw HttpError.tooMany(
        `At most ${FREE_DOWNLOADS_PER_HOUR} free downloads per e-mail address in an hour. Try again in ${waitText(wait)}.`,
        wait,
      );
    const row = await insertPurchase(tx, { token, releaseId, email, amount: "0.00", status: "free" });
    await deps.messages.queue(tx, [
      {
        template: "store-downloads",
        recipient: email,
        aboutType: "store_purchase",
        aboutId: row.id,
        params: {
          reason: "download",
          items: [
            downloadItem(deps.appUrl, {
              title: release.title,
              artist: release.artist,
              token,
              coverUrl: listing.coverUrl,
            }),
          ],
        },
      },
    ]);
  });
  deps.messages.deliverSoon();
  return { status: "free" as const, message: `Your download link is on its way to ${email}.`, clientSecret: null };
}

/**
 * A priced purchase, as every checkout pays (docs/decisions/026-money-applied-or-returned.md): the
 * pending row commits first, then Stripe is asked for the PaymentIntent under a key covering every
 * parameter; when Stripe fails the row goes again. The webhook makes it paid and e-mails the link.
 */
async function payByCard(
  deps: PurchaseDeps,
  input: {
    releaseId: string;
    trackId: string | null;
    email: string;
    cents: number;
    token: string;
    description: string;
  },
) {
  deps.payments.assertAvailable();
  if (input.cents < MINIMUM_CHARGE_CENTS) {
    const message = `Card payments start at $0.50; enter 0 for a free download or $0.50 or more`;
    throw HttpError.badRequest(message, { amount: [message] });
  }
  const row = await insertPurchase(deps.db, {
    token: input.token,
    releaseId: input.releaseId,
    trackId: input.trackId,
    email: input.email,
    amount: fromCents(input.cents),
    status: "pending",
  });
  const intent = await createIntentOrRollBack(
    deps.payments,
    {
      amountCents: input.cents,
      metadata: { [STORE_PURCHASE_METADATA_KEY]: row.id },
      idempotencyScope: `store-purchase-${row.id}`,
      description: input.description,
      receiptEmail: input.email,
    },
    {
      undo: () => deletePendingPurchase(deps.db, row.id),
      logger: deps.logger,
      context: { storePurchaseId: row.id },
      failure: "could not remove a store purchase without a payment",
    },
  );
  await setPaymentIntent(deps.db, row.id, intent.id);
  return {
    status: "pending" as const,
    message: `Pay by card; the download link then goes to ${input.email}.`,
    clientSecret: intent.clientSecret,
  };
}

/** A download token's purchase, or the 404 and 410 the download page and the zip both answer. */
export async function openPurchase(db: Executor, token: string) {
  const purchase = await findPurchaseByToken(db, token);
  if (!purchase || purchase.status === "pending") throw HttpError.notFound("This download link is not valid");
  if (purchase.status === "refunded") throw HttpError.gone(PURCHASE_REFUNDED);
  const release = await findRelease(db, purchase.releaseId);
  const listing = await findListing(db, purchase.releaseId);
  if (!release || !listing) throw HttpError.notFound("This download link is not valid");
  return { purchase, release, listing };
}

/**
 * What a download right holds: every track of its release, or the one track it bought; each with
 * its number on the release (a single track keeps its place, so its file sorts with the others).
 */
export async function tracksOfPurchase(db: Executor, purchase: Pick<PurchaseRow, "releaseId" | "trackId">) {
  const rows = (await tracksWithAudio(db, [purchase.releaseId])).map((row, index) => ({ ...row, number: index + 1 }));
  return purchase.trackId === null ? rows : rows.filter(({ track }) => track.id === purchase.trackId);
}

export async function getDownload(db: Executor, token: string) {
  const { purchase, release, listing } = await openPurchase(db, token);
  const tracks = await tracksOfPurchase(db, purchase);
  return {
    releaseId: release.id,
    title: release.title,
    trackTitle: purchase.trackId === null ? null : (tracks[0]?.track.title ?? null),
    artist: release.artist,
    coverUrl: listing.coverUrl,
    formats: listing.formats as StoreFormat[],
    tracks: tracks.map(({ track }) => ({ title: track.title, position: track.position })),
  };
}

/** Every link of an address again, in one e-mail; the same answer whether or not it has any. */
export async function resend(deps: PurchaseDeps, address: string) {
  const email = address.toLowerCase();
  const queued = await deps.db.transaction(async (tx) => {
    const wait = await takeCount(tx, `store-resend:${email}`, HOUR_MS, RESENDS_PER_HOUR);
    if (wait !== null) throw HttpError.tooMany(`Try again in ${waitText(wait)}.`, wait);
    const rows = await purchasesOf(tx, email);
    if (rows.length === 0) return false;
    await deps.messages.queue(tx, [
      {
        template: "store-downloads",
        recipient: email,
        aboutType: "store_purchase",
        aboutId: rows[0].purchase.id,
        params: {
          reason: "resend",
          items: rows.map((row) =>
            downloadItem(deps.appUrl, {
              title: purchaseTitle(row.title, row.trackTitle),
              artist: row.artist,
              token: row.purchase.token,
              coverUrl: row.coverUrl,
            }),
          ),
        },
      },
    ]);
    return true;
  });
  if (queued) deps.messages.deliverSoon();
  return { message: RESEND_MESSAGE };
}

/**
 * A member's library: the download rights of the address they signed in with (sign-in takes only
 * an address its issuer verified), whenever they were made.
 */
export async function library(db: Executor, email: string) {
  const rows = await purchasesOf(db, email.toLowerCase());
  return rows.map((row) => ({
    releaseId: row.purchase.releaseId,
    title: row.title,
    trackTitle: row.trackTitle,
    artist: row.artist,
    coverUrl: row.coverUrl,
    status: row.purchase.status,
    downloadPath: `/downloads/${row.purchase.token}`,
    formats: (row.formats ?? []) as StoreFormat[],
    acquiredAt: row.purchase.createdAt,
  }));
}
