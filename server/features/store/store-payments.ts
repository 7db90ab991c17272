import { fromCents, toCents } from "@shared/money";
import { purchaseTitle } from "@shared/store";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Transaction, Executor } from "../../db/database";
import type { Charge, PaymentIntent } from "../../integrations/stripe";
import { paymentProblem, type CheckoutPayments } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import { writeRefundLine, writeSaleLines } from "./royalty-lines";
import { lockPurchaseByIntent, markPurchasePaid, recordRefunded } from "./sales.repository";
import { downloadItem } from "./download-links";
import { findListing, findPurchaseByIntent, findRelease, findTrack } from "./store.repository";

/** The metadata key of the store's PaymentIntents: it names the purchase they pay for. */
export const STORE_PURCHASE_METADATA_KEY = "storePurchaseId";

export interface StorePaymentDeps {
  appUrl: string;
  logger: Logger;
  messages: { queue: (tx: Executor, messages: NewOutboxMessage[]) => Promise<unknown>; deliverSoon: () => void };
}

/**
 * Before payment_intent.succeeded's transaction (the webhook's preparation): Stripe's fee on the
 * sale, in cents, read from the charge's balance transaction. Null when Stripe has none yet or
 * cannot be asked now: the purchase is paid all the same, and the fee job (store-fees.ts) asks
 * again and writes the sale's line then. Never an error: the buyer's link must not wait on it.
 */
export function storeFeePreparation(deps: { payments: Pick<CheckoutPayments, "chargeFee">; logger: Logger }) {
  return async (intent: PaymentIntent, outcome: "paid" | "failed"): Promise<number | null> => {
    if (outcome !== "paid") return null;
    try {
      return await deps.payments.chargeFee(intent.id);
    } catch (error) {
      deps.logger.warn(
        { err: error, paymentIntentId: intent.id },
        "store sale: Stripe's fee not read; asked again later",
      );
      return null;
    }
  };
}

/**
 * payment_intent.succeeded for a store purchase, inside the webhook event's transaction: the
 * purchase becomes paid once, only for its own amount in USD, with its fee when the preparation
 * read it (then its royalty line, net of the fee, is written here too), and its download e-mail
 * is queued in the same transaction (docs/decisions/051-the-music-store.md). A declined card
 * changes nothing.
 */
export async function settleStorePayment(
  deps: StorePaymentDeps,
  tx: Transaction,
  intent: PaymentIntent,
  outcome: "paid" | "failed",
  prepared?: unknown,
): Promise<(() => void) | void> {
  if (outcome === "failed") return;
  const purchase = await findPurchaseByIntent(tx, intent.id);
  if (!purchase || intent.metadata[STORE_PURCHASE_METADATA_KEY] !== purchase.id) {
    deps.logger.warn({ paymentIntentId: intent.id }, "webhook: no store purchase for this payment intent");
    return;
  }
  const problem = paymentProblem(intent, toCents(purchase.amount));
  if (problem) {
    deps.logger.error({ paymentIntentId: intent.id, problem }, "webhook: payment does not pay for the store purchase");
    return;
  }
  const fee = typeof prepared === "number" ? fromCents(prepared) : null;
  const paid = await markPurchasePaid(tx, purchase.id, fee);
  if (!paid) return;
  if (paid.fee !== null) await writeSaleLines(tx, paid);
  // Refunded in full before its payment was recorded (events out of order): no link to send.
  if (paid.status === "refunded") return;
  const release = await findRelease(tx, paid.releaseId);
  const track = paid.trackId === null ? null : await findTrack(tx, paid.trackId);
  const listing = await findListing(tx, paid.releaseId);
  await deps.messages.queue(tx, [
    {
      template: "store-downloads",
      recipient: paid.email,
      aboutType: "store_purchase",
      aboutId: paid.id,
      params: {
        reason: "download",
        items: [
          downloadItem(deps.appUrl, {
            title: release ? purchaseTitle(release.title, track?.title ?? null) : "Your music",
            artist: release?.artist ?? "",
            token: paid.token,
            coverUrl: listing?.coverUrl ?? null,
          }),
        ],
      },
    },
  ]);
  return deps.messages.deliverSoon;
}

/**
 * charge.refunded: Stripe's running total refunded, of which only what the purchase has not
 * recorded yet is new. That part gets its negative line (once: the row is locked, and a repeated
 * or older event finds nothing new); refunded in full, the purchase stops downloading (410),
 * while a part refund leaves it downloading. Before the fee is known no line is written: the fee
 * job writes the sale's and the refund's together.
 */
export async function storeChargeRefunded(
  deps: StorePaymentDeps,
  tx: Transaction,
  charge: Charge,
): Promise<(() => void) | void> {
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  const purchase = await lockPurchaseByIntent(tx, intentId);
  if (!purchase || !["pending", "paid", "refunded"].includes(purchase.status)) return;
  const amount = toCents(purchase.amount);
  const before = toCents(purchase.refundedAmount);
  const now = Math.min(charge.amount_refunded, amount);
  if (now <= before) return;
  await recordRefunded(tx, purchase, fromCents(now), now >= amount);
  if (purchase.fee !== null && purchase.status !== "pending") await writeRefundLine(tx, purchase, before, now);
  deps.logger.info({ storePurchaseId: purchase.id, cents: now - before }, "store purchase refund recorded");
}
