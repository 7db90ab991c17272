import { toCents } from "@shared/money";
import type { TicketPurchase } from "@shared/tickets";
import type { Transaction } from "../../db/database";
import type { PaymentIntent } from "../../integrations/stripe";
import { eachOnItsOwn } from "../../jobs/each-on-its-own";
import {
  assertPaysInFull,
  createIntentOrRollBack,
  paymentProblem,
  type CheckoutPayments,
} from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { confirmationMessage, type TicketMessages } from "./ticket-messages";
import type { TicketOrdersRepository } from "./ticket-orders.repository";

/** Metadata key naming the order a PaymentIntent pays for (the payments webhook dispatches on it). */
export const TICKET_PURCHASE_METADATA_KEY = "ticketPurchaseId";

/** The completion call's 409 for an order whose payment was refunded before it could confirm it. */
export const REFUNDED_MESSAGE = "This payment was refunded. The tickets are not confirmed.";

/**
 * Card payment of held ticket orders (docs/decisions/014-paid-tickets.md), settled as the
 * merchandise checkout is: the browser's confirmation call or Stripe's webhook, whichever comes
 * first, under the order's row lock, so it happens once.
 */
export function createTicketPaymentsService(deps: {
  repository: TicketOrdersRepository;
  payments: CheckoutPayments;
  messages: TicketMessages;
  logger: Logger;
  /** A cancelled order turned out to be paid: its refund is owed (the refunds job asks Stripe). */
  onRefundDue: () => void;
}) {
  const { repository, messages, logger } = deps;

  /** Without payments configured no order was paid by card: there is nothing to complete. */
  function payments(): CheckoutPayments {
    if (!deps.payments.available) throw HttpError.notFound("Order not found for this payment");
    return deps.payments;
  }

  /** Gives a hold's tickets back (expired, or its PaymentIntent could not be made). */
  async function releaseHold(id: string) {
    await repository.transaction(async (tx) => {
      const order = await repository.lock(id, tx);
      if (order?.status !== "pending") return;
      await repository.cancel(order.id, "expired", tx);
      await repository.releaseStock(order.eventId, order.quantity, tx);
    });
  }

  /**
   * Paid: a held order is confirmed and its e-mail queued with it. A hold that had already
   * expired takes its tickets again if they are still there; otherwise (sold meanwhile, event
   * cancelled, order cancelled) the order stays cancelled and the money is refunded.
   */
  async function settlePaid(
    id: string,
    tx: Transaction,
  ): Promise<{ order: TicketPurchase; refundDue: boolean } | undefined> {
    const order = await repository.lock(id, tx);
    // Refunded is final: a refund Stripe reported before this success gave the tickets back,
    // and the money is already on its way home (docs/decisions/026-money-applied-or-returned.md).
    if (!order || order.paidAt || order.status === "refunded") return order && { order, refundDue: false };
    const paidAt = new Date();
    const revived =
      order.status === "cancelled" &&
      order.cancelReason === "expired" &&
      (await repository.retakeStock(order.eventId, order.quantity, tx));
    if (order.status !== "pending" && !revived) {
      logger.warn({ orderId: order.id }, "payment arrived for a cancelled ticket order: refunding it");
      return { order: await repository.update(order.id, { paidAt }, tx), refundDue: true };
    }
    const confirmed = await repository.update(
      order.id,
      { status: "confirmed", paidAt, holdExpiresAt: null, cancelReason: null, cancelledAt: null },
      tx,
    );
    const details = await repository.details(order.id, tx);
    if (details) await messages.queue(tx, [confirmationMessage(details)]);
    return { order: confirmed, refundDue: false };
  }

  function afterSettle(result: { refundDue: boolean } | undefined) {
    messages.deliverSoon();
    if (result?.refundDue) deps.onRefundDue();
  }

  return {
    /** After the hold committed: the PaymentIntent, priced from the order the database priced. */
    async createPaymentIntent(order: TicketPurchase, receiptEmail: string): Promise<string> {
      const intent = await createIntentOrRollBack(
        payments(),
        {
          amountCents: toCents(order.totalAmount),
          metadata: { [TICKET_PURCHASE_METADATA_KEY]: order.id },
          idempotencyScope: `ticket-purchase-${order.id}`,
          description: `${order.quantity} ticket${order.quantity === 1 ? "" : "s"} (${order.confirmationCode})`,
          receiptEmail,
        },
        {
          undo: () => releaseHold(order.id),
          logger,
          context: { orderId: order.id },
          failure: "could not release a ticket hold without payment",
        },
      );
      await repository.attachPaymentIntent(order.id, intent.id);
      return intent.clientSecret;
    },

    /** The checkout's completion: believed only after Stripe says the buyer's own order is paid. */
    async complete(userId: string, paymentIntentId: string): Promise<TicketPurchase> {
      const intent = await payments().retrievePaymentIntent(paymentIntentId);
      const order = await repository.findByPaymentIntent(intent.id);
      if (!order || order.userId !== userId || intent.metadata[TICKET_PURCHASE_METADATA_KEY] !== order.id) {
        throw HttpError.notFound("Order not found for this payment");
      }
      assertPaysInFull(intent, toCents(order.totalAmount));
      const result = await repository.transaction((tx) => settlePaid(order.id, tx));
      afterSettle(result);
      if (result?.order.status === "refunded") throw HttpError.conflict(REFUNDED_MESSAGE);
      if (result?.refundDue)
        throw HttpError.conflict("These tickets are no longer available. Your payment will be refunded.");
      return result?.order ?? order;
    },

    /**
     * payment_intent.succeeded / payment_failed, inside the webhook event's transaction. A
     * declined card changes nothing: the buyer may try another until the hold runs out. Answers
     * what to do once the event committed: ask for an owed refund.
     */
    async settleFromWebhook(
      tx: Transaction,
      intent: PaymentIntent,
      outcome: "paid" | "failed",
    ): Promise<(() => void) | undefined> {
      if (outcome !== "paid") return undefined;
      const order = await repository.findByPaymentIntent(intent.id, tx);
      if (
        !order ||
        intent.metadata[TICKET_PURCHASE_METADATA_KEY] !== order.id ||
        paymentProblem(intent, toCents(order.totalAmount))
      ) {
        logger.warn({ paymentIntentId: intent.id }, "webhook: payment does not pay for a ticket order");
        return undefined;
      }
      const result = await settlePaid(order.id, tx);
      return result?.refundDue ? deps.onRefundDue : undefined;
    },

    /**
     * The scheduled checkout-holds-release job: abandoned holds give their tickets back, each on
     * its own (one that fails is logged and tried again at the next run).
     */
    async releaseExpiredHolds(): Promise<void> {
      await eachOnItsOwn(logger, {
        what: "releasing an expired ticket hold",
        due: (after, limit) => repository.findExpiredHolds(after, limit),
        work: releaseHold,
      });
    },
  };
}

export type TicketPaymentsService = ReturnType<typeof createTicketPaymentsService>;
