import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import { fromCents, toCents } from "@shared/money";
import type { Transaction } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { adjustStockAndAlert } from "../catalogue/variant-stock";
import { orderLink } from "../orders/order-page";
import { lockOrder, updateOrder } from "../orders/orders.repository";
import { lineStates } from "../orders/order-state.repository";
import { ORDER_NOT_FOUND, orderLabel, parcelLine, unshipped, type FulfilmentDeps } from "./fulfilment-rules";
import { orderRefunds } from "./refunds.repository";

export const PENDING_REFUND_MESSAGE =
  "A refund of some items of this order has not finished. Refund the same items again to finish it, then cancel.";

type RefundedLine = { name: string; sku: string; quantity: number };

// Money going back before (or instead of) goods: an admin's cancellation, a refund of units
// that will not ship (refunds.ts), and a refund made in Stripe's dashboard. Each is decided and
// marked under the order's row lock, Stripe is asked outside any transaction, and the answer is
// recorded once; asking again finishes what a first attempt left
// (docs/decisions/036-refunds-that-finish.md).

/** The buyer's e-mail about money given back. */
export function refundedMessage(
  deps: Pick<FulfilmentDeps, "appUrl" | "orderTokens">,
  order: MerchandiseOrderRow,
  cents: number,
  kind: "cancellation" | "unshipped" | "other",
  lines: RefundedLine[],
) {
  const cancelled = kind === "cancellation";
  return {
    template: "merchandise-order-refunded" as const,
    recipient: order.customerEmail,
    params: {
      order: orderLabel(order),
      amount: fromCents(cents),
      cancelled,
      ...(cancelled ? {} : { kind }),
      lines,
      link: orderLink(deps, order.id),
    },
    aboutType: "merchandise_order",
    aboutId: order.id,
  };
}

/**
 * Gives back the units the order still holds (not shipped, not refunded before) and closes it;
 * its downloads stop downloading, as their money went back with the rest.
 */
export async function finishCancellation(
  deps: FulfilmentDeps,
  tx: Transaction,
  order: MerchandiseOrderRow,
  refundedCents: number,
) {
  const lines = await lineStates(tx, [order.id]);
  for (const line of lines) {
    if (line.variantId && unshipped(line) > 0) {
      await adjustStockAndAlert(deps, tx, [{ variantId: line.variantId, delta: unshipped(line) }]);
    }
  }
  await updateOrder(tx, order.id, {
    status: "cancelled",
    paymentStatus: "refunded",
    cancelledAt: new Date(),
    cancellingAt: null,
    refundedAmount: order.totalAmount,
  });
  await deps.downloads.refund(tx, order.id);
  const held = lines.filter((l) => unshipped(l) > 0);
  await deps.messages.queue(tx, [
    refundedMessage(
      deps,
      order,
      refundedCents,
      "cancellation",
      held.map((l) => parcelLine(l, unshipped(l))),
    ),
  ]);
}

/**
 * Marks the order cancelling, asks Stripe for what is left to refund, then restocks and tells
 * the buyer. While it is marked, shipping and returns answer 409, so nothing leaves with its
 * money on the way back; after a failure the mark stays until the cancellation is asked again.
 */
export async function cancelOrder(deps: FulfilmentDeps, orderId: string) {
  deps.payments.assertAvailable();
  const started = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
    if (order.cancelledAt !== null) return null;
    const left = toCents(order.totalAmount) - toCents(order.refundedAmount);
    // Refunded in full in Stripe before anyone cancelled here: only the stock and e-mail are left.
    if (order.status === "cancelled") return { order, refundCents: 0, emailCents: left };
    if (order.cancellingAt === null) {
      if (order.status !== "paid") {
        throw HttpError.conflict(
          order.status === "partially-shipped" || order.status === "shipped"
            ? "Part of this order has shipped: refund what will not ship, or approve a return, instead"
            : `A ${order.status} order can't be cancelled`,
        );
      }
      if (left > 0 && !order.paymentIntentId) throw HttpError.conflict("This order has no card payment to refund");
      // What is left to refund would count a refund Stripe may already have made.
      if ((await orderRefunds(tx, orderId)).some((r) => r.status === "pending")) {
        throw HttpError.conflict(PENDING_REFUND_MESSAGE);
      }
      await updateOrder(tx, orderId, { cancellingAt: new Date() });
    }
    return { order, refundCents: left, emailCents: left };
  });
  if (!started) return;
  const { order, refundCents, emailCents } = started;
  // The key names the order: asking again (a retry after Stripe failed) is the same refund.
  const refund =
    refundCents > 0
      ? await deps.payments.createRefund({
          paymentIntentId: order.paymentIntentId!,
          amountCents: refundCents,
          idempotencyScope: `merchandise-cancel-${order.id}`,
        })
      : undefined;
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked || locked.cancelledAt !== null) return;
    await finishCancellation(deps, tx, locked, emailCents);
    deps.logger.info({ orderId, refundId: refund?.id }, "merchandise order cancelled and refunded");
  });
  deps.messages.deliverSoon();
}
