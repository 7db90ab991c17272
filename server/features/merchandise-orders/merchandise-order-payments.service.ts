import { z } from "zod";
import { toCents } from "@shared/money";
import { completeMerchandiseOrderSchema, type MerchandiseOrderRow } from "@shared/merchandise-orders";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../db/database";
import type { Charge, PaymentIntent } from "../../integrations/stripe";
import { eachOnItsOwn } from "../../jobs/each-on-its-own";
import { assertPaysInFull, paymentProblem, type CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { CHECKOUT_HOLD_MS, type UnpaidHoldLimits } from "../../lib/unpaid-holds";
import type { StockAlerts } from "../../lib/variant-stock";
import type { MerchandiseOrdersRepository } from "./merchandise-orders.repository";

/** Metadata key naming the order a PaymentIntent pays for (the webhook dispatches on it). */
export const MERCHANDISE_ORDER_METADATA_KEY = "merchandiseOrderId";

/**
 * What merchandise orders need from the outbox, passed in by features/index.ts: queue the
 * buyer's confirmation inside the transaction that marks the order paid, and ask for delivery
 * once it has committed.
 */
export interface MerchandiseOrderMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  deliverSoon(): void;
}

/**
 * A checkout left unpaid this long gives its stock back (the scheduled job wired in
 * features/index.ts), so abandoned carts cannot hold items forever. A payment that still
 * arrives later is honoured by settle() (stock taken again).
 */
export const RESERVATION_TTL_MS = CHECKOUT_HOLD_MS;

/** The completion call's 409 for a payment that came after its hold ran out and the stock sold. */
export const SOLD_OUT_MESSAGE =
  "Your payment arrived after your hold ran out, and these items sold out meanwhile. The order is cancelled and your payment will be refunded.";

/** Thrown inside the retake's savepoint to roll it back. */
class SoldOut extends Error {}

type SettledOrder = Pick<MerchandiseOrderRow, "status" | "paymentStatus" | "paidAt" | "cancelledAt">;

/**
 * An order whose late payment could not be honoured: cancelled at the very instant it was paid
 * (markLateRefundDue writes both), which no admin's cancellation does.
 */
export const isLatePayment = (order: SettledOrder) =>
  order.status === "cancelled" &&
  order.paidAt !== null &&
  order.cancelledAt !== null &&
  new Date(order.paidAt).getTime() === new Date(order.cancelledAt).getTime();

/** Such an order while its refund is still owed (Stripe has not taken it yet). */
export const isLateRefundDue = (order: SettledOrder) => isLatePayment(order) && order.paymentStatus === "paid";

/** The completion call's 409 for an order whose payment was refunded before it could be paid. */
export const REFUNDED_MESSAGE = "This payment was refunded. The order is not confirmed.";

/**
 * Buying an item by card: the order reserves its stock while the card is paid, and is settled by
 * the browser's completion call or Stripe's webhook, whichever comes first; reservations never
 * paid give their stock back on schedule (docs/decisions/006-payment-settlement.md).
 */
export function createMerchandiseOrderPaymentsService(deps: {
  repository: MerchandiseOrdersRepository;
  payments: CheckoutPayments;
  logger: Logger;
  messages: MerchandiseOrderMessages;
  unpaidHolds: UnpaidHoldLimits;
  stockAlerts: StockAlerts;
  /** What a cart order's confirmation says: its lines, amounts, address and link. */
  confirmation: (order: MerchandiseOrderRow, tx: Transaction) => Promise<NewOutboxMessage>;
  /** The order page's address, for the buyer's e-mails. */
  orderLink: (orderId: string) => string;
}) {
  const { repository, payments, logger, messages, stockAlerts } = deps;

  /** A cart order (several lines, held per variant) rather than a single-item checkout's. */
  const isCartOrder = (order: MerchandiseOrderRow) => order.itemName === null;

  /**
   * The one place an order changes state, under a row lock so the completion call and the
   * webhook (in any order, any number of times) settle it once. Paid is final; a failure
   * returns the reserved stock exactly once.
   */
  async function settle(
    orderId: string,
    outcome: "paid" | "failed",
    tx: Transaction,
  ): Promise<MerchandiseOrderRow | undefined> {
    const order = await repository.lock(orderId, tx);
    // Paid and refunded are final: a refund reported first means this success is already returned.
    if (!order || order.paymentStatus === "paid" || order.paymentStatus === "refunded") return order;
    if (outcome === "failed") {
      if (order.paymentStatus !== "pending") return order;
      await stockAlerts.afterChange(tx, await repository.releaseOrderStock(order.id, tx), { released: true });
      return repository.setStatus(order.id, "failed", tx);
    }
    if (order.paymentStatus === "failed") {
      // A declined card followed by a good one on the same PaymentIntent, or a payment that
      // arrived after the hold ran out: the stock released then is taken again, every line or
      // none (a savepoint). If any line has sold out meanwhile, the money is returned instead.
      const retaken = await retakeAllOrNothing(order.id, tx);
      if (!retaken) return refundLatePayment(order, tx);
    }
    const paid = await repository.setStatus(order.id, "paid", tx);
    // The buyer's confirmation commits with the payment, or not at all.
    if (isCartOrder(paid)) {
      await messages.queue(tx, [await deps.confirmation(paid, tx)]);
      return paid;
    }
    const { itemName, quantity, unitPrice, totalAmount: total } = paid;
    await messages.queue(tx, [
      {
        template: "merchandise-order-confirmation",
        recipient: paid.customerEmail,
        // The single-item checkout's orders always carry these three.
        params: { itemName: itemName ?? "", quantity: quantity ?? 0, unitPrice: unitPrice ?? "0.00", total },
        aboutType: "merchandise_order",
        aboutId: paid.id,
      },
    ]);
    return paid;
  }

  /**
   * Takes an order's released stock again, every line or none; the low-stock notices go with it.
   * False (nothing taken) when a line's variant no longer has enough.
   */
  async function retakeAllOrNothing(orderId: string, tx: Transaction): Promise<boolean> {
    try {
      await tx.transaction(async (savepoint) => {
        const taken = await repository.retakeOrderStock(orderId, savepoint);
        if (taken.length < (await repository.countOrderLines(orderId, savepoint))) throw new SoldOut();
        await stockAlerts.afterChange(savepoint, taken);
      });
      return true;
    } catch (error) {
      if (error instanceof SoldOut) return false;
      throw error;
    }
  }

  /**
   * A payment that succeeded after its hold was released, for stock that has sold meanwhile: the
   * order is recorded as paid and cancelled (a refund owed, isLateRefundDue), the buyer is told
   * in the same transaction, and Stripe is asked for the refund once it committed (then by the
   * sweep until Stripe has it). Nothing ships, nothing is oversold.
   */
  async function refundLatePayment(order: MerchandiseOrderRow, tx: Transaction): Promise<MerchandiseOrderRow> {
    logger.warn({ orderId: order.id }, "payment arrived after the order's stock sold out: refunding it");
    const cancelled = await repository.markLateRefundDue(order.id, tx);
    const lines = await repository.orderLinesForMessage(order.id, tx);
    await messages.queue(tx, [
      {
        template: "merchandise-order-refunded",
        recipient: order.customerEmail,
        params: {
          order: order.orderNumber === null ? "your order" : `order #${order.orderNumber}`,
          amount: order.totalAmount,
          cancelled: true,
          soldOut: true,
          lines,
          link: deps.orderLink(order.id),
        },
        aboutType: "merchandise_order",
        aboutId: order.id,
      },
    ]);
    return cancelled;
  }

  /**
   * Asks Stripe to refund an order whose late payment could not be honoured, and records it.
   * The key names the order, so asking again (a retry, a second instance) is the same refund.
   */
  async function requestLateRefund(orderId: string): Promise<void> {
    const order = await repository.findById(orderId);
    if (!order || !isLateRefundDue(order) || !order.paymentIntentId) return;
    if (!payments.available) {
      logger.error({ orderId }, "a merchandise payment needs a refund but payments are not configured");
      return;
    }
    const refund = await payments.createRefund({
      paymentIntentId: order.paymentIntentId,
      idempotencyScope: `merchandise-late-payment-${order.id}`,
    });
    await repository.transaction(async (tx) => {
      const locked = await repository.lock(orderId, tx);
      if (locked && isLateRefundDue(locked)) await repository.markLateRefunded(orderId, tx);
    });
    logger.info({ orderId, refundId: refund.id }, "late merchandise payment refunded");
  }

  /** Asks for every owed late-payment refund (the sweep): each on its own. */
  async function requestOwedRefunds() {
    await eachOnItsOwn(logger, {
      what: "refunding a late merchandise payment",
      due: (after, limit) => repository.findLateRefundsDue(after, limit),
      work: (id) => requestLateRefund(id),
    });
  }

  /**
   * Releases abandoned reservations; run by a scheduled job, so stock comes back on time. Each
   * on its own: one that fails is logged and tried again at the next run.
   */
  async function releaseExpiredHolds(now = Date.now()) {
    const before = new Date(now - RESERVATION_TTL_MS);
    await eachOnItsOwn(logger, {
      what: "releasing an abandoned merchandise order",
      due: (after, limit) => repository.findStalePending(before, after, limit),
      work: (id) => repository.transaction((tx) => settle(id, "failed", tx)).then(() => undefined),
    });
    await requestOwedRefunds();
  }

  /** After a settlement committed: the e-mails, and the refund a late payment is owed. */
  function afterSettle(order: MerchandiseOrderRow | undefined) {
    messages.deliverSoon();
    stockAlerts.deliverSoon();
    if (order && isLateRefundDue(order)) {
      void requestLateRefund(order.id).catch((error) =>
        logger.warn({ err: error, orderId: order.id }, "late payment refund failed; the sweep tries again"),
      );
    }
  }

  return {
    releaseExpiredHolds,

    async complete({ paymentIntentId }: z.infer<typeof completeMerchandiseOrderSchema>): Promise<MerchandiseOrderRow> {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      const order = await repository.findByPaymentIntent(intent.id);
      if (!order || intent.metadata[MERCHANDISE_ORDER_METADATA_KEY] !== order.id) {
        throw HttpError.notFound("Order not found for this payment");
      }
      assertPaysInFull(intent, toCents(order.totalAmount));
      const settled = await repository.transaction((tx) => settle(order.id, "paid", tx));
      afterSettle(settled);
      if (settled && isLatePayment(settled)) throw HttpError.conflict(SOLD_OUT_MESSAGE);
      if (settled?.paymentStatus === "refunded") throw HttpError.conflict(REFUNDED_MESSAGE);
      return settled ?? order;
    },

    /**
     * charge.refunded, inside the webhook event's transaction. Events arrive in any order: a
     * refund reported before the payment's success refunds the order at once, returning the
     * stock it reserved, and that success never pays it. A refund of a paid order (in Stripe's
     * dashboard) marks it refunded and leaves the stock alone: the goods may have left.
     */
    async chargeRefunded(tx: Transaction, charge: Charge): Promise<void> {
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      const found = intentId ? await repository.findByPaymentIntent(intentId, tx) : undefined;
      if (!found) return;
      if (!charge.refunded) {
        logger.warn({ orderId: found.id }, "partial refund of a merchandise order: status left as it is");
        return;
      }
      const order = await repository.lock(found.id, tx);
      if (!order || order.paymentStatus === "refunded") return;
      if (order.paymentStatus === "pending") {
        await stockAlerts.afterChange(tx, await repository.releaseOrderStock(order.id, tx), { released: true });
      }
      logger.warn({ orderId: order.id, previousStatus: order.paymentStatus }, "merchandise order refunded");
      await repository.setStatus(order.id, "refunded", tx);
    },

    /** Webhook (payment_intent.succeeded / payment_failed), inside the event's transaction. */
    async settleFromWebhook(
      tx: Transaction,
      intent: PaymentIntent,
      outcome: "paid" | "failed",
    ): Promise<(() => void) | undefined> {
      const order = await repository.findByPaymentIntent(intent.id, tx);
      if (!order || intent.metadata[MERCHANDISE_ORDER_METADATA_KEY] !== order.id) {
        logger.warn({ paymentIntentId: intent.id }, "webhook: no merchandise order for this payment intent");
        return;
      }
      const problem = outcome === "paid" ? paymentProblem(intent, toCents(order.totalAmount)) : null;
      if (problem) {
        logger.error(
          { paymentIntentId: intent.id, problem },
          "webhook: payment does not pay for the merchandise order",
        );
        return;
      }
      const settled = await settle(order.id, outcome, tx);
      return () => afterSettle(settled);
    },
  };
}

export type MerchandiseOrderPaymentsService = ReturnType<typeof createMerchandiseOrderPaymentsService>;
