import type { RefundUnshipped } from "@shared/merchandise-fulfilment";
import { fromCents, toCents } from "@shared/money";
import type { Transaction } from "../../../db/database";
import type { Charge } from "../../../integrations/stripe";
import { HttpError } from "../../../lib/http-error";
import { adjustStockAndAlert } from "../catalogue/variant-stock";
import { findOrderByPaymentIntent, lockOrder, updateOrder } from "../orders/orders.repository";
import { lineStates } from "../orders/order-state.repository";
import { finishCancellation, refundedMessage } from "./cancellation";
import {
  CANCELLING_MESSAGE,
  lineRefundCents,
  linesOf,
  ORDER_NOT_FOUND,
  pickLines,
  statusOf,
  unshipped,
  type FulfilmentDeps,
} from "./fulfilment-rules";
import { addRefundedUnits, inFlightCents, insertRefund, markRefundRecorded, orderRefunds } from "./refunds.repository";

/** Records the refund Stripe made for a pending line refund, once. */
async function recordLineRefund(
  deps: FulfilmentDeps,
  orderId: string,
  refundRowId: string,
  cents: number,
  stripeRefundId: string,
) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !(await markRefundRecorded(tx, refundRowId, stripeRefundId))) return;
    await updateOrder(tx, orderId, { refundedAmount: fromCents(toCents(order.refundedAmount) + cents) });
    const row = (await orderRefunds(tx, orderId)).find((r) => r.id === refundRowId);
    const lines = linesOf(row?.lines ?? [], await lineStates(tx, [orderId]));
    await deps.messages.queue(tx, [
      {
        ...refundedMessage(deps, order, cents, "unshipped", lines),
        aboutType: "merchandise_refund",
        aboutId: refundRowId,
      },
    ]);
  });
  deps.messages.deliverSoon();
}

const sameLines = (a: { lineId: string; quantity: number }[], b: { lineId: string; quantity: number }[]) =>
  a.length === b.length && a.every((l) => b.some((m) => m.lineId === l.lineId && m.quantity === l.quantity));

/**
 * Refunds units not shipped yet, which then never ship: their price and their exact share of
 * the line's tax (the same running share as returns), restocked if asked. The same lines asked
 * again while their refund is pending retry that refund instead of making another.
 */
export async function refundUnshipped(
  deps: FulfilmentDeps,
  orderId: string,
  input: RefundUnshipped,
  adminId: string | null,
) {
  deps.payments.assertAvailable();
  const { order, id, cents } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
    if (order.cancellingAt) throw HttpError.conflict(CANCELLING_MESSAGE);
    const pending = (await orderRefunds(tx, orderId)).find(
      (r) => r.status === "pending" && sameLines(r.lines, input.lines),
    );
    if (pending) return { order, id: pending.id, cents: toCents(pending.amount) };
    if (order.status !== "paid" && order.status !== "partially-shipped") {
      throw HttpError.conflict(
        order.status === "shipped"
          ? "Everything in this order has shipped: approve a return instead"
          : `A ${order.status} order can't be refunded here`,
      );
    }
    if (!order.paymentIntentId) throw HttpError.conflict("This order has no card payment to refund");
    const lines = await lineStates(tx, [orderId]);
    const picked = pickLines(lines, input.lines, unshipped, "refund");
    const shippedAny = lines.some((l) => l.shippedQuantity > 0);
    const stillOwed = lines.reduce((n, l) => n + unshipped(l), 0) - input.lines.reduce((n, l) => n + l.quantity, 0);
    if (!shippedAny && stillOwed === 0) {
      throw HttpError.conflict("Nothing of this order has shipped: cancel the order to refund all of it");
    }
    const refunded = picked.map(({ line, quantity }) => ({
      line,
      quantity,
      cents: lineRefundCents(line, line.returnedQuantity + line.refundedQuantity, quantity),
    }));
    const cents = refunded.reduce((n, r) => n + r.cents, 0);
    const id = await insertRefund(tx, {
      orderId,
      restock: input.restock,
      amount: fromCents(cents),
      lines: refunded.map((r) => ({ lineId: r.line.id, quantity: r.quantity, amount: fromCents(r.cents) })),
      createdBy: adminId,
    });
    for (const { line, quantity } of refunded) {
      await addRefundedUnits(tx, line.id, quantity);
      line.refundedQuantity += quantity;
      if (input.restock && line.variantId)
        await adjustStockAndAlert(deps, tx, [{ variantId: line.variantId, delta: quantity }]);
    }
    await updateOrder(tx, orderId, { status: statusOf(lines) });
    return { order, id, cents };
  });
  const refund =
    cents > 0
      ? await deps.payments.createRefund({
          paymentIntentId: order.paymentIntentId!,
          amountCents: cents,
          idempotencyScope: `merchandise-refund-${id}`,
        })
      : { id: `none-${id}` };
  await recordLineRefund(deps, orderId, id, cents, refund.id);
}

/**
 * charge.refunded for a paid order, inside the webhook's transaction. Stripe's total refunded
 * minus what the app recorded and what it is refunding right now is money given back in
 * Stripe's dashboard: it is recorded on the order and the buyer is told. Refunded in full
 * before anything shipped, the order is cancelled as an admin's cancellation would. An order
 * being cancelled here is left to that cancellation. False when the order is not a paid one.
 */
export async function paidChargeRefunded(deps: FulfilmentDeps, tx: Transaction, charge: Charge): Promise<boolean> {
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  const found = intentId ? await findOrderByPaymentIntent(tx, intentId) : undefined;
  if (!found || found.paymentStatus !== "paid") return false;
  const order = await lockOrder(tx, found.id);
  if (!order || order.cancellingAt !== null || order.cancelledAt !== null) return true;
  const unaccounted = charge.amount_refunded - toCents(order.refundedAmount) - (await inFlightCents(tx, order.id));
  if (unaccounted <= 0) return true;
  deps.logger.warn({ orderId: order.id, cents: unaccounted }, "refund made in Stripe recorded on a merchandise order");
  if (charge.refunded && order.status === "paid") {
    await finishCancellation(deps, tx, order, unaccounted);
    return true;
  }
  // A shipped order stays shipped: its payment is not marked refunded (that would cancel it).
  await updateOrder(tx, order.id, { refundedAmount: fromCents(toCents(order.refundedAmount) + unaccounted) });
  await deps.messages.queue(tx, [refundedMessage(deps, order, unaccounted, "other", [])]);
  return true;
}
