import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import type { InvoiceMessages } from "./invoice-lifecycle.service";
import type { DueInvoicePayment, InvoicePaymentsRepository } from "./invoice-payments.repository";
import type { InvoicePaymentSettlement } from "./invoice-payment-settlement";

/** Intents one run of the job takes; it asks to run again at once when there were more. */
const PER_RUN = 100;

/**
 * The invoice-payments job: Stripe's part of what the invoice's own transactions decided, asked
 * after they committed so that no transaction waits on Stripe. Intents the invoice no longer
 * wants are cancelled; payments it could not take are refunded, with a key per intent so that
 * a repeated run makes one refund. A call that fails (Stripe down) leaves the row as it is, and
 * the next run (at the latest the next sweep) tries again
 * (docs/decisions/026-money-applied-or-returned.md).
 */
export function createInvoicePaymentJobs(deps: {
  intents: InvoicePaymentsRepository;
  settlement: InvoicePaymentSettlement;
  payments: CheckoutPayments;
  messages: InvoiceMessages;
  logger: Logger;
}) {
  const { intents, payments, logger } = deps;

  /**
   * Cancels the intent. One that was paid before Stripe could cancel it is settled instead:
   * applied if the invoice still takes it, otherwise refunded. Answers whether a refund is now due.
   */
  async function cancel(row: DueInvoicePayment): Promise<boolean> {
    const intent = await payments.cancelPaymentIntent(row.paymentIntentId);
    if (intent.status === "canceled") {
      await intents.cancelled(row.paymentIntentId);
      return false;
    }
    if (intent.status === "succeeded") {
      const result = await deps.settlement.settle(intent);
      deps.messages.deliverSoon();
      return result.outcome === "refunding";
    }
    // Processing: Stripe decides soon; the next run sees how.
    await intents.postpone(row.paymentIntentId);
    return false;
  }

  async function refund(row: DueInvoicePayment): Promise<void> {
    const { id } = await payments.createRefund({
      paymentIntentId: row.paymentIntentId,
      idempotencyScope: `invoice-refund-${row.paymentIntentId}`,
    });
    await intents.refunded(row.paymentIntentId, id);
  }

  return {
    /**
     * One run; true when there is more to do at once (a refund found due, or a full batch that
     * got somewhere: while Stripe is down the sweep's pace is enough).
     */
    async work(): Promise<boolean> {
      if (!payments.available) return false;
      const due = await intents.due(PER_RUN);
      let refundsFound = false;
      let progressed = false;
      for (const row of due) {
        try {
          if (row.status === "cancelling") refundsFound = (await cancel(row)) || refundsFound;
          else await refund(row);
          progressed = true;
        } catch (error) {
          logger.warn(
            { err: error, paymentIntentId: row.paymentIntentId, invoiceId: row.invoiceId, status: row.status },
            "invoice payment: Stripe call failed; the invoice-payments job tries again",
          );
          await intents.postpone(row.paymentIntentId).catch(() => undefined);
        }
      }
      return refundsFound || (progressed && due.length === PER_RUN);
    },
  };
}

export type InvoicePaymentJobs = ReturnType<typeof createInvoicePaymentJobs>;
