import type { RefundUnshipped } from "@shared/merchandise-fulfilment";
import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import { fromCents, toCents } from "@shared/money";
import type { Transaction } from "../../db/database";
import type { Charge } from "../../integrations/stripe";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import type { MerchandiseFulfilmentRepository } from "./merchandise-fulfilment.repository";
import {
  CANCELLING_MESSAGE,
  label,
  lineRefundCents,
  ORDER_NOT_FOUND,
  orderLabel,
  pickLines,
  statusOf,
  unshipped,
  type FulfilmentMessages,
} from "./merchandise-fulfilment.service";
import type { MerchandiseRefundsRepository } from "./merchandise-refunds.repository";

export const PENDING_REFUND_MESSAGE =
  "A refund of some items of this order has not finished. Refund the same items again to finish it, then cancel.";

type RefundedLine = { name: string; sku: string; quantity: number };

/**
 * Money going back before (or instead of) goods: an admin's cancellation, a refund of units
 * that will not ship, and a refund made in Stripe's dashboard. Each is decided and marked under
 * the order's row lock, Stripe is asked outside any transaction, and the answer is recorded
 * once; asking again finishes what a first attempt left (docs/decisions/036-refunds-that-finish.md).
 */
export function createMerchandiseRefundsService(deps: {
  repository: MerchandiseFulfilmentRepository;
  refunds: MerchandiseRefundsRepository;
  payments: CheckoutPayments;
  messages: FulfilmentMessages;
  logger: Logger;
  orderLink: (order: MerchandiseOrderRow) => string;
}) {
  const { repository, refunds, payments, messages, logger } = deps;

  function refundedMessage(
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
        link: deps.orderLink(order),
      },
      aboutType: "merchandise_order",
      aboutId: order.id,
    };
  }

  /** Gives back the units the order still holds (not shipped, not refunded before) and closes it. */
  async function finishCancellation(tx: Transaction, order: MerchandiseOrderRow, refundedCents: number) {
    const lines = await repository.lines([order.id], tx);
    for (const line of lines) {
      if (line.variantId && unshipped(line) > 0) await repository.restock(tx, line.variantId, unshipped(line));
    }
    await repository.update(tx, order.id, {
      status: "cancelled",
      paymentStatus: "refunded",
      cancelledAt: new Date(),
      cancellingAt: null,
      refundedAmount: order.totalAmount,
    });
    const held = lines.filter((l) => unshipped(l) > 0);
    await messages.queue(tx, [
      refundedMessage(
        order,
        refundedCents,
        "cancellation",
        held.map((l) => ({ name: label(l), sku: l.sku, quantity: unshipped(l) })),
      ),
    ]);
  }

  /**
   * Marks the order cancelling, asks Stripe for what is left to refund, then restocks and tells
   * the buyer. While it is marked, shipping and returns answer 409, so nothing leaves with its
   * money on the way back; after a failure the mark stays until the cancellation is asked again.
   */
  async function cancel(orderId: string) {
    payments.assertAvailable();
    const started = await repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
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
        if ((await refunds.refunds(orderId, tx)).some((r) => r.status === "pending")) {
          throw HttpError.conflict(PENDING_REFUND_MESSAGE);
        }
        await repository.update(tx, orderId, { cancellingAt: new Date() });
      }
      return { order, refundCents: left, emailCents: left };
    });
    if (started) {
      const { order, refundCents, emailCents } = started;
      // The key names the order: asking again (a retry after Stripe failed) is the same refund.
      const refund =
        refundCents > 0
          ? await payments.createRefund({
              paymentIntentId: order.paymentIntentId!,
              amountCents: refundCents,
              idempotencyScope: `merchandise-cancel-${order.id}`,
            })
          : undefined;
      await repository.transaction(async (tx) => {
        const locked = await repository.lock(orderId, tx);
        if (!locked || locked.cancelledAt !== null) return;
        await finishCancellation(tx, locked, emailCents);
        logger.info({ orderId, refundId: refund?.id }, "merchandise order cancelled and refunded");
      });
      messages.deliverSoon();
    }
  }

  /** Records the refund Stripe made for a pending line refund, once. */
  async function recordLineRefund(orderId: string, refundRowId: string, cents: number, stripeRefundId: string) {
    await repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
      if (!order || !(await refunds.markRefunded(tx, refundRowId, stripeRefundId))) return;
      await repository.update(tx, orderId, { refundedAmount: fromCents(toCents(order.refundedAmount) + cents) });
      const row = (await refunds.refunds(orderId, tx)).find((r) => r.id === refundRowId);
      const byId = new Map((await repository.lines([orderId], tx)).map((l) => [l.id, l]));
      const lines = (row?.lines ?? []).map((l) => {
        const line = byId.get(l.lineId);
        return { name: line ? label(line) : "", sku: line?.sku ?? "", quantity: l.quantity };
      });
      await messages.queue(tx, [
        { ...refundedMessage(order, cents, "unshipped", lines), aboutType: "merchandise_refund", aboutId: refundRowId },
      ]);
    });
    messages.deliverSoon();
  }

  const sameLines = (a: { lineId: string; quantity: number }[], b: { lineId: string; quantity: number }[]) =>
    a.length === b.length && a.every((l) => b.some((m) => m.lineId === l.lineId && m.quantity === l.quantity));

  /**
   * Refunds units not shipped yet, which then never ship: their price and their exact share of
   * the line's tax (the same running share as returns), restocked if asked. The same lines asked
   * again while their refund is pending retry that refund instead of making another.
   */
  async function refundUnshipped(orderId: string, input: RefundUnshipped, adminId: string | null) {
    payments.assertAvailable();
    const decided = await repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
      if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
      if (order.cancellingAt) throw HttpError.conflict(CANCELLING_MESSAGE);
      const pending = (await refunds.refunds(orderId, tx)).find(
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
      const lines = await repository.lines([orderId], tx);
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
      const id = await refunds.insertRefund(tx, {
        orderId,
        restock: input.restock,
        amount: fromCents(cents),
        lines: refunded.map((r) => ({ lineId: r.line.id, quantity: r.quantity, amount: fromCents(r.cents) })),
        createdBy: adminId,
      });
      for (const { line, quantity } of refunded) {
        await refunds.addRefundedUnits(tx, line.id, quantity);
        line.refundedQuantity += quantity;
        if (input.restock && line.variantId) await repository.restock(tx, line.variantId, quantity);
      }
      await repository.update(tx, orderId, { status: statusOf(lines) });
      return { order, id, cents };
    });
    const { order, id, cents } = decided;
    const refund =
      cents > 0
        ? await payments.createRefund({
            paymentIntentId: order.paymentIntentId!,
            amountCents: cents,
            idempotencyScope: `merchandise-refund-${id}`,
          })
        : { id: `none-${id}` };
    await recordLineRefund(orderId, id, cents, refund.id);
  }

  /**
   * charge.refunded for a paid order, inside the webhook's transaction. Stripe's total refunded
   * minus what the app recorded and what it is refunding right now is money given back in
   * Stripe's dashboard: it is recorded on the order and the buyer is told. Refunded in full
   * before anything shipped, the order is cancelled as an admin's cancellation would. An order
   * being cancelled here is left to that cancellation. False when the order is not a paid one.
   */
  async function chargeRefunded(tx: Transaction, charge: Charge): Promise<boolean> {
    const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
    const found = intentId ? await refunds.findByPaymentIntent(intentId, tx) : undefined;
    if (!found || found.paymentStatus !== "paid") return false;
    const order = await repository.lock(found.id, tx);
    if (!order || order.cancellingAt !== null || order.cancelledAt !== null) return true;
    const unaccounted =
      charge.amount_refunded - toCents(order.refundedAmount) - (await refunds.inFlightCents(order.id, tx));
    if (unaccounted <= 0) return true;
    logger.warn({ orderId: order.id, cents: unaccounted }, "refund made in Stripe recorded on a merchandise order");
    if (charge.refunded && order.status === "paid") {
      await finishCancellation(tx, order, unaccounted);
      return true;
    }
    // A shipped order stays shipped: its payment is not marked refunded (that would cancel it).
    await repository.update(tx, order.id, { refundedAmount: fromCents(toCents(order.refundedAmount) + unaccounted) });
    await messages.queue(tx, [refundedMessage(order, unaccounted, "other", [])]);
    return true;
  }

  return { cancel, refundUnshipped, chargeRefunded };
}

export type MerchandiseRefundsService = ReturnType<typeof createMerchandiseRefundsService>;
