import type { TicketPurchase } from "@shared/tickets";
import type { Transaction } from "../../db/database";
import type { Charge } from "../../integrations/stripe";
import { eachOnItsOwn } from "../../jobs/each-on-its-own";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { cancellationMessage, type TicketMessages } from "./ticket-messages";
import type { TicketOrdersRepository } from "./ticket-orders.repository";

/** The 409 for cancelling an order someone has already been admitted on. */
export function usedMessage(admitted: number, quantity: number): string {
  return quantity === 1
    ? "This ticket has already been used at the door and cannot be cancelled"
    : `${admitted} of these ${quantity} tickets ${admitted === 1 ? "has" : "have"} already been used at the door; the order cannot be cancelled`;
}

/** Orders one round of the event-cancellation job takes, each in its own short transaction. */
const ORDERS_PER_ROUND = 100;
const REFUNDS_PER_RUN = 100;

/**
 * Cancelling orders and events and refunding what was paid (docs/decisions/014-paid-tickets.md).
 * Every change commits first, with its e-mail; Stripe is asked for the refund afterwards, by
 * the refunds job, so no transaction waits on Stripe and a failed call is simply tried again.
 */
export function createTicketCancellationsService(deps: {
  repository: TicketOrdersRepository;
  payments: CheckoutPayments;
  messages: TicketMessages;
  logger: Logger;
  /** Asks the job that works through cancelled events and owed refunds to run now. */
  runSoon: () => void;
}) {
  const { repository, messages, logger } = deps;

  /**
   * Cancels one order under its row lock: the tickets go back to stock and the buyer is told.
   * Cancelled or refunded orders are left as they are, so repeating changes nothing. An order
   * with a ticket already admitted stands: someone is inside on it (an admission waits for
   * this lock, so none slips in between).
   */
  async function cancelOne(
    id: string,
    reason: "admin" | "event-cancelled",
    tx: Transaction,
  ): Promise<TicketPurchase | undefined> {
    const order = await repository.lock(id, tx);
    if (!order || order.status === "cancelled" || order.status === "refunded") return order;
    const admitted = order.status === "pending" ? 0 : await repository.admittedTickets(order.id, tx);
    if (admitted > 0) {
      if (reason === "admin") throw HttpError.conflict(usedMessage(admitted, order.quantity));
      return order;
    }
    const cancelled = await repository.cancel(order.id, reason, tx);
    await repository.releaseStock(order.eventId, order.quantity, tx);
    // A hold was never a ticket: nobody is e-mailed about it.
    const details = order.status === "confirmed" ? await repository.details(order.id, tx) : undefined;
    if (details) await messages.queue(tx, [cancellationMessage(details, reason)]);
    return cancelled;
  }

  return {
    /** POST /api/tickets/:id/cancel (admin). */
    async cancelOrder(id: string): Promise<TicketPurchase> {
      const order = await repository.transaction((tx) => cancelOne(id, "admin", tx));
      if (!order) throw HttpError.notFound("Order not found");
      messages.deliverSoon();
      if (order.paidAt && !order.refundId) deps.runSoon();
      return order;
    },

    /** POST /api/events/:id/cancel (admin): the event now; its orders by the job, in rounds. */
    async cancelEvent(eventId: string): Promise<void> {
      if (!(await repository.cancelEvent(eventId))) throw HttpError.notFound("Event not found");
      deps.runSoon();
    },

    /**
     * The job: orders of cancelled events, each on its own (one that fails is logged and tried
     * again by a later run), then refunds owed. True when work is left over; a round in which
     * everything failed does not count, so a fault is not retried in a tight loop.
     */
    async work(): Promise<boolean> {
      const orders = await eachOnItsOwn(logger, {
        what: "cancelling an order of a cancelled event",
        due: (after, limit) => repository.findOrdersOfCancelledEvents(after, limit),
        work: (id) => repository.transaction((tx) => cancelOne(id, "event-cancelled", tx)).then(() => undefined),
        budget: ORDERS_PER_ROUND,
      });
      if (orders.done > 0) messages.deliverSoon();
      const refunds = await repository.findRefundsDue(REFUNDS_PER_RUN);
      let requested = 0;
      for (const order of refunds) if (await requestRefund(order)) requested += 1;
      return orders.more || (refunds.length === REFUNDS_PER_RUN && requested > 0);
    },

    /**
     * charge.refunded, inside the webhook event's transaction: the order is refunded once, and
     * tickets it still holds go back on sale. That covers a refund made in Stripe's dashboard for
     * a confirmed order, and one Stripe reports before the payment's success (events arrive in
     * any order): the held order is then refunded at once and that success never confirms it.
     */
    async chargeRefunded(tx: Transaction, charge: Charge): Promise<void> {
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      const found = intentId ? await repository.findByPaymentIntent(intentId, tx) : undefined;
      if (!found) return;
      if (!charge.refunded) {
        logger.warn({ orderId: found.id }, "partial refund of a ticket order: status left as it is");
        return;
      }
      const order = await repository.lock(found.id, tx);
      if (!order || order.status === "refunded") return;
      // Confirmed and held orders hold their tickets; cancelled ones gave them back already.
      // Tickets already admitted stay taken: their holders are inside.
      if (order.status === "confirmed" || order.status === "pending") {
        const admitted = order.status === "confirmed" ? await repository.admittedTickets(order.id, tx) : 0;
        if (order.quantity > admitted) await repository.releaseStock(order.eventId, order.quantity - admitted, tx);
      }
      await repository.update(
        order.id,
        {
          status: "refunded",
          refundedAt: new Date(),
          cancelledAt: order.cancelledAt ?? new Date(),
          holdExpiresAt: null,
        },
        tx,
      );
    },
  };

  /**
   * Asks Stripe to refund a cancelled paid order; the idempotency key makes it one refund however
   * often this runs. True once Stripe has it.
   */
  async function requestRefund(order: TicketPurchase): Promise<boolean> {
    if (!deps.payments.available || !order.paymentIntentId) {
      logger.error({ orderId: order.id }, "a paid ticket order needs a refund but payments are not configured");
      return false;
    }
    try {
      const refund = await deps.payments.createRefund({
        paymentIntentId: order.paymentIntentId,
        idempotencyScope: `ticket-refund-${order.id}`,
      });
      await repository.update(order.id, { refundId: refund.id });
      return true;
    } catch (error) {
      logger.warn({ err: error, orderId: order.id }, "refund request failed; the refunds job tries again");
      return false;
    }
  }
}

export type TicketCancellationsService = ReturnType<typeof createTicketCancellationsService>;
