import { z } from "zod";
import { formatMoney, fromCents, ticketTotalCents, toCents } from "@shared/money";
import {
  completeMerchandiseOrderSchema,
  merchandiseCheckoutSchema,
  type MerchandiseOrderPaymentIntent,
  type MerchandiseOrderRow,
} from "@shared/merchandise-orders";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../db/database";
import type { Charge, PaymentIntent } from "../../integrations/stripe";
import { eachOnItsOwn } from "../../jobs/each-on-its-own";
import {
  assertPaysInFull,
  MINIMUM_CHARGE_CENTS,
  paymentProblem,
  type CheckoutPayments,
} from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { assertWithinUnpaidHolds, CHECKOUT_HOLD_MS, holdsSince, type UnpaidHoldLimits } from "../../lib/unpaid-holds";
import { variantLabel } from "@shared/merchandise-variants";
import type { StockAlerts } from "../../lib/variant-stock";
import type { CheckoutTarget, MerchandiseOrdersRepository } from "./merchandise-orders.repository";

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
}) {
  const { repository, payments, logger, messages, stockAlerts } = deps;

  /** A cart order (several lines, held per variant) rather than a single-item checkout's. */
  const isCartOrder = (order: MerchandiseOrderRow) => order.itemName === null;

  /** Why `quantity` of the variant (or the item's default one) could not be reserved, as the buyer sees it. */
  async function reservationRefusal(target: CheckoutTarget, quantity: number, tx: Transaction): Promise<HttpError> {
    const found = await repository.findVariantForCheckout(target, tx);
    if (!found) return HttpError.notFound("Merchandise item not found");
    const { item, variant } = found;
    if (target.variantId && !variant) return HttpError.notFound("Variant not found");
    if (item.isAvailable !== 1) return HttpError.conflict("This item is not available");
    if (quantity > item.maxPerOrder) {
      const message = `At most ${item.maxPerOrder} per order`;
      return HttpError.badRequest(message, { quantity: [message] });
    }
    if (!variant) return HttpError.conflict("Choose the item's options on its page");
    if (variant.stockQuantity === 0) return HttpError.conflict("This item is out of stock");
    return HttpError.conflict(`Only ${variant.stockQuantity} left`);
  }

  /** Puts back the stock of an order whose PaymentIntent could not be created, and forgets the order. */
  function cancelReservation(orderId: string) {
    return repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
      if (order?.paymentStatus !== "pending") return;
      await stockAlerts.afterChange(tx, await repository.releaseOrderStock(orderId, tx), { released: true });
      await repository.deleteUnpaid(orderId, tx);
    });
  }

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
      // A declined card followed by a good one on the same PaymentIntent: the stock released
      // at the failure is taken again. If it has sold out meanwhile, the money is still taken,
      // so the order is paid and the oversell is logged for a refund.
      const taken = await repository.retakeOrderStock(order.id, tx);
      await stockAlerts.afterChange(tx, taken);
      if (taken.length < (await repository.countOrderLines(order.id, tx)))
        logger.error(
          { orderId: order.id },
          "paid merchandise order could not take its stock back: oversold, refund needed",
        );
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
  }

  return {
    releaseExpiredHolds,

    /**
     * Check the buyer's unpaid holds, reserve, record, then ask Stripe. The reservation commits
     * before the Stripe call so neither the item's row nor a database connection waits on a
     * network round trip; if Stripe fails (or this instance is at its limit of Stripe calls),
     * the reservation is undone.
     */
    async createPaymentIntent(
      { merchandiseId, variantId, quantity, customerEmail }: z.infer<typeof merchandiseCheckoutSchema>,
      clientAddress: string,
    ): Promise<MerchandiseOrderPaymentIntent> {
      payments.assertAvailable();
      const order = await repository.transaction(async (tx) => {
        const counts = await repository.lockAndCountUnpaid(tx, { clientAddress, email: customerEmail }, holdsSince());
        assertWithinUnpaidHolds(counts, deps.unpaidHolds);
        const target = { merchandiseId, variantId };
        const item = await repository.reserveStock(target, quantity, tx);
        if (!item) throw await reservationRefusal(target, quantity, tx);
        await stockAlerts.afterChange(tx, [item]);
        const totalCents = ticketTotalCents(toCents(item.price), quantity);
        if (totalCents === null) throw HttpError.badRequest("This order's total is too large");
        if (totalCents < MINIMUM_CHARGE_CENTS) {
          throw HttpError.badRequest(`Card payments start at ${formatMoney(fromCents(MINIMUM_CHARGE_CENTS))}`);
        }
        const label = variantLabel(item.options);
        const order = await repository.insert(
          {
            merchandiseId,
            itemName: label ? `${item.itemName} (${label})` : item.itemName,
            unitPrice: item.price,
            quantity,
            totalAmount: fromCents(totalCents),
            customerEmail,
            clientAddress,
          },
          tx,
        );
        if (variantId) await repository.setLineVariant(order.id, item, tx);
        return order;
      });
      stockAlerts.deliverSoon();

      let intent: { id: string; clientSecret: string };
      try {
        intent = await payments.createPaymentIntent({
          amountCents: toCents(order.totalAmount),
          metadata: { [MERCHANDISE_ORDER_METADATA_KEY]: order.id },
          idempotencyScope: `merchandise-order-${order.id}`,
          description: `${order.quantity} × ${order.itemName}`,
          receiptEmail: customerEmail,
        });
      } catch (error) {
        await cancelReservation(order.id).catch((cleanup) =>
          logger.warn({ err: cleanup, orderId: order.id }, "could not release the stock of an order without payment"),
        );
        throw error;
      }
      await repository.attachPaymentIntent(order.id, intent.id);
      return { clientSecret: intent.clientSecret, orderId: order.id };
    },

    async complete({ paymentIntentId }: z.infer<typeof completeMerchandiseOrderSchema>): Promise<MerchandiseOrderRow> {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      const order = await repository.findByPaymentIntent(intent.id);
      if (!order || intent.metadata[MERCHANDISE_ORDER_METADATA_KEY] !== order.id) {
        throw HttpError.notFound("Order not found for this payment");
      }
      assertPaysInFull(intent, toCents(order.totalAmount));
      const settled = await repository.transaction((tx) => settle(order.id, "paid", tx));
      messages.deliverSoon();
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
    async settleFromWebhook(tx: Transaction, intent: PaymentIntent, outcome: "paid" | "failed"): Promise<void> {
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
      await settle(order.id, outcome, tx);
    },
  };
}

export type MerchandiseOrderPaymentsService = ReturnType<typeof createMerchandiseOrderPaymentsService>;
