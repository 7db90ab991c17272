import { toCents } from "@shared/money";
import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import type { Transaction } from "../../../db/database";
import type { Charge, PaymentIntent } from "../../../integrations/stripe";
import { eachOnItsOwn } from "../../../jobs/each-on-its-own";
import { assertPaysInFull, paymentProblem } from "../../../lib/checkout-payments";
import { HttpError } from "../../../lib/http-error";
import { afterStockChange } from "../catalogue/variant-stock";
import { findOrder, findOrderByPaymentIntent, lockOrder } from "../orders/orders.repository";
import type { ShopDeps } from "../shop-deps";
import {
  findLateRefundsDue,
  findStalePending,
  markLateRefunded,
  releaseOrderStock,
  setPaymentStatus,
} from "./order-payments.repository";
import {
  isLatePayment,
  isLateRefundDue,
  MERCHANDISE_ORDER_METADATA_KEY,
  RESERVATION_TTL_MS,
  settleOrder,
  type SettlementDeps,
} from "./order-settlement";

/** The completion call's 409 for a payment that came after its hold ran out and the stock sold. */
export const SOLD_OUT_MESSAGE =
  "Your payment arrived after your hold ran out, and these items sold out meanwhile. The order is cancelled and your payment will be refunded.";

/** The completion call's 409 for an order whose payment was refunded before it could be paid. */
export const REFUNDED_MESSAGE = "This payment was refunded. The order is not confirmed.";

// Buying by card: the order reserves its stock while the card is paid, and is settled by the
// browser's completion call or Stripe's webhook, whichever comes first; reservations never paid
// give their stock back on schedule (docs/decisions/006-payment-settlement.md).

export type OrderPaymentDeps = SettlementDeps & Pick<ShopDeps, "db" | "payments">;

/**
 * Asks Stripe to refund an order whose late payment could not be honoured, and records it.
 * The key names the order, so asking again (a retry, a second instance) is the same refund.
 */
async function requestLateRefund(deps: OrderPaymentDeps, orderId: string): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (!order || !isLateRefundDue(order) || !order.paymentIntentId) return;
  if (!deps.payments.available) {
    deps.logger.error({ orderId }, "a merchandise payment needs a refund but payments are not configured");
    return;
  }
  const refund = await deps.payments.createRefund({
    paymentIntentId: order.paymentIntentId,
    idempotencyScope: `merchandise-late-payment-${order.id}`,
  });
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (locked && isLateRefundDue(locked)) await markLateRefunded(tx, orderId);
  });
  deps.logger.info({ orderId, refundId: refund.id }, "late merchandise payment refunded");
}

/**
 * Releases abandoned reservations, then asks for every owed late-payment refund; run by the
 * holds job, so stock comes back on time. Each on its own: one that fails is logged and tried
 * again at the next run.
 */
export async function releaseExpiredOrderHolds(deps: OrderPaymentDeps, now = Date.now()) {
  const before = new Date(now - RESERVATION_TTL_MS);
  await eachOnItsOwn(deps.logger, {
    what: "releasing an abandoned merchandise order",
    due: (after, limit) => findStalePending(deps.db, before, after, limit),
    work: (id) => deps.db.transaction((tx) => settleOrder(deps, tx, id, "failed")).then(() => undefined),
  });
  await eachOnItsOwn(deps.logger, {
    what: "refunding a late merchandise payment",
    due: (after, limit) => findLateRefundsDue(deps.db, after, limit),
    work: (id) => requestLateRefund(deps, id),
  });
}

/** After a settlement committed: the e-mails, and the refund a late payment is owed. */
function afterSettle(deps: OrderPaymentDeps, order: MerchandiseOrderRow | undefined) {
  deps.messages.deliverSoon();
  if (order && isLateRefundDue(order)) {
    void requestLateRefund(deps, order.id).catch((error) =>
      deps.logger.warn({ err: error, orderId: order.id }, "late payment refund failed; the sweep tries again"),
    );
  }
}

/** The browser's word that the card was paid: believed only once Stripe itself says so. */
export async function completeOrderPayment(
  deps: OrderPaymentDeps,
  { paymentIntentId }: { paymentIntentId: string },
): Promise<MerchandiseOrderRow> {
  const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
  const order = await findOrderByPaymentIntent(deps.db, intent.id);
  if (!order || intent.metadata[MERCHANDISE_ORDER_METADATA_KEY] !== order.id) {
    throw HttpError.notFound("Order not found for this payment");
  }
  assertPaysInFull(intent, toCents(order.totalAmount));
  const settled = await deps.db.transaction((tx) => settleOrder(deps, tx, order.id, "paid"));
  afterSettle(deps, settled);
  if (settled && isLatePayment(settled)) throw HttpError.conflict(SOLD_OUT_MESSAGE);
  if (settled?.paymentStatus === "refunded") throw HttpError.conflict(REFUNDED_MESSAGE);
  return settled ?? order;
}

/**
 * charge.refunded of an order not paid yet, inside the webhook event's transaction. Events arrive
 * in any order: a refund reported before the payment's success refunds the order at once,
 * returning the stock it reserved, and that success never pays it. A refund of a paid order (in
 * Stripe's dashboard) marks it refunded and leaves the stock alone: the goods may have left.
 */
export async function unpaidChargeRefunded(deps: OrderPaymentDeps, tx: Transaction, charge: Charge): Promise<void> {
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  const found = intentId ? await findOrderByPaymentIntent(tx, intentId) : undefined;
  if (!found) return;
  if (!charge.refunded) {
    deps.logger.warn({ orderId: found.id }, "partial refund of a merchandise order: status left as it is");
    return;
  }
  const order = await lockOrder(tx, found.id);
  if (!order || order.paymentStatus === "refunded") return;
  if (order.paymentStatus === "pending") {
    await afterStockChange(deps, tx, await releaseOrderStock(tx, order.id), { released: true });
  }
  deps.logger.warn({ orderId: order.id, previousStatus: order.paymentStatus }, "merchandise order refunded");
  await setPaymentStatus(tx, order.id, "refunded");
}

/** Webhook (payment_intent.succeeded / payment_failed), inside the event's transaction. */
export async function settleOrderFromWebhook(
  deps: OrderPaymentDeps,
  tx: Transaction,
  intent: PaymentIntent,
  outcome: "paid" | "failed",
): Promise<(() => void) | undefined> {
  const order = await findOrderByPaymentIntent(tx, intent.id);
  if (!order || intent.metadata[MERCHANDISE_ORDER_METADATA_KEY] !== order.id) {
    deps.logger.warn({ paymentIntentId: intent.id }, "webhook: no merchandise order for this payment intent");
    return;
  }
  const problem = outcome === "paid" ? paymentProblem(intent, toCents(order.totalAmount)) : null;
  if (problem) {
    deps.logger.error(
      { paymentIntentId: intent.id, problem },
      "webhook: payment does not pay for the merchandise order",
    );
    return;
  }
  const settled = await settleOrder(deps, tx, order.id, outcome);
  return () => afterSettle(deps, settled);
}
