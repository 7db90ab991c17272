import { toCents } from "@shared/money";
import { purchaseTitle } from "@shared/store";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Transaction, Executor } from "../../db/database";
import type { Charge, PaymentIntent } from "../../integrations/stripe";
import { paymentProblem } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import { writeStoreLine } from "./royalty-lines";
import {
  findPurchaseByIntent,
  findRelease,
  findTrack,
  markPurchasePaid,
  markPurchaseRefunded,
} from "./store.repository";

/** The metadata key of the store's PaymentIntents: it names the purchase they pay for. */
export const STORE_PURCHASE_METADATA_KEY = "storePurchaseId";

export interface StorePaymentDeps {
  appUrl: string;
  logger: Logger;
  messages: { queue: (tx: Executor, messages: NewOutboxMessage[]) => Promise<unknown>; deliverSoon: () => void };
}

/**
 * payment_intent.succeeded for a store purchase, inside the webhook event's transaction: the
 * purchase becomes paid once, only for its own amount in USD, and its download e-mail is queued
 * in the same transaction (docs/decisions/051-the-music-store.md). A declined card changes nothing.
 */
export async function settleStorePayment(
  deps: StorePaymentDeps,
  tx: Transaction,
  intent: PaymentIntent,
  outcome: "paid" | "failed",
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
  const paid = await markPurchasePaid(tx, purchase.id);
  if (!paid) return;
  await writeStoreLine(tx, paid, paid.amount, "sale");
  const release = await findRelease(tx, paid.releaseId);
  const track = paid.trackId === null ? null : await findTrack(tx, paid.trackId);
  await deps.messages.queue(tx, [
    {
      template: "store-downloads",
      recipient: paid.email,
      aboutType: "store_purchase",
      aboutId: paid.id,
      params: {
        reason: "download",
        items: [
          {
            title: release ? purchaseTitle(release.title, track?.title ?? null) : "Your music",
            artist: release?.artist ?? "",
            link: `${deps.appUrl}/downloads/${paid.token}`,
          },
        ],
      },
    },
  ]);
  return deps.messages.deliverSoon;
}

/** charge.refunded: a purchase refunded in full stops downloading (410); a part refund leaves it. */
export async function storeChargeRefunded(
  deps: StorePaymentDeps,
  tx: Transaction,
  charge: Charge,
): Promise<(() => void) | void> {
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  const purchase = await findPurchaseByIntent(tx, intentId);
  if (!purchase) return;
  if (charge.amount_refunded < toCents(purchase.amount)) return;
  // Once: only a paid purchase becomes refunded, and only then is the sale's line reversed.
  if (await markPurchaseRefunded(tx, purchase.id)) await writeStoreLine(tx, purchase, `-${purchase.amount}`, "refund");
}
