import { canDo, refusalMessage } from "@shared/invoice-actions";
import type { InvoiceRefundReason } from "@shared/invoice-events";
import { toCents } from "@shared/money";
import type { Transaction } from "../../db/database";
import type { Charge, PaymentIntent } from "../../integrations/stripe";
import { createIntentOrRollBack, MINIMUM_CHARGE_CENTS, type CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { InvoiceMessages } from "./invoice-lifecycle.service";
import { changedForClient } from "./invoice-edits";
import type { InvoicePaymentsRepository } from "./invoice-payments.repository";
import { INVOICE_METADATA_KEY, type InvoicePaymentSettlement, type SettleResult } from "./invoice-payment-settlement";
import type { InvoicesRepository } from "./invoices.repository";
import type { PublicInvoices } from "./public-invoices.service";

export { INVOICE_METADATA_KEY } from "./invoice-payment-settlement";

/** "Pay now" tries again this often when the invoice changes while Stripe makes the intent. */
const START_ATTEMPTS = 3;

/** The completion call's 409 when the payment went through but is being given back. */
export const REFUND_MESSAGES: Record<InvoiceRefundReason, string> = {
  cancelled: "This invoice was cancelled, so your payment will be refunded.",
  paid: "This invoice was already paid, so your payment will be refunded.",
  changed: "This invoice changed while you were paying, so your payment will be refunded. Please pay the new total.",
};

/**
 * "Pay now" on the public page: a PaymentIntent for exactly the invoice's stored total, and
 * settlement once Stripe says it succeeded, from the webhook or the page's completion call,
 * whichever comes first (the settlement's locks make the second a no-op). A payment the
 * invoice can no longer take is refunded (docs/decisions/026-money-applied-or-returned.md).
 */
export function createInvoiceCardPayments(deps: {
  repository: InvoicesRepository;
  intents: InvoicePaymentsRepository;
  settlement: InvoicePaymentSettlement;
  publicInvoices: PublicInvoices;
  payments: CheckoutPayments;
  messages: InvoiceMessages;
  /** Asks the invoice-payments job (cancels and refunds at Stripe) to run now. */
  runSoon: () => void;
}) {
  /** What to start once the settlement committed: its e-mails, and Stripe's part in the job. */
  function afterSettle(result: SettleResult): void {
    if (result.outcome === "paid" || result.outcome === "refunding") deps.messages.deliverSoon();
    if (result.outcome === "refunding" || (result.outcome === "paid" && result.endedOthers)) deps.runSoon();
  }

  return {
    /**
     * A PaymentIntent for the total the server stored; the same one again while the invoice
     * stands. It is made before it is recorded (Stripe is never asked inside a transaction),
     * so it is recorded under the invoice's lock only if the invoice is still as it was read;
     * otherwise it is cancelled and another is made for the invoice as it now is. The key's
     * scope counts the intents that ended, so an invoice edited back to an earlier total
     * never gets its cancelled intent back from Stripe's idempotent replay.
     */
    async start(token: string, viewerId: string | undefined): Promise<{ clientSecret: string }> {
      deps.payments.assertAvailable();
      for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
        const invoice = await deps.publicInvoices.find(token, viewerId);
        if (!canDo("pay", invoice.status)) throw HttpError.conflict(refusalMessage("pay", invoice.status));
        const amountCents = toCents(invoice.total);
        if (amountCents < MINIMUM_CHARGE_CENTS) throw HttpError.conflict("This invoice is too small to pay by card.");
        const ended = await deps.intents.countEnded(invoice.id);
        // Nothing is held before Stripe is asked (the invoice is only read), so nothing rolls back.
        const intent = await createIntentOrRollBack(
          deps.payments,
          {
            amountCents,
            metadata: { [INVOICE_METADATA_KEY]: invoice.id },
            idempotencyScope: `invoice-${invoice.id}-${ended}`,
            description: `Invoice ${invoice.invoiceNumber}`,
            receiptEmail: invoice.clientEmail ?? undefined,
          },
          null,
        );
        const status = await deps.repository.locked(invoice.id, null, async (locked) => {
          const unchanged = locked.invoice.status === invoice.status && !changedForClient(invoice, locked.invoice);
          return deps.intents.record(locked.tx, {
            paymentIntentId: intent.id,
            invoiceId: invoice.id,
            amount: invoice.total,
            status: unchanged ? "open" : "cancelling",
          });
        });
        if (status === "open") return { clientSecret: intent.clientSecret };
        deps.runSoon();
      }
      throw HttpError.conflict("This invoice is being changed right now. Please try again in a moment.");
    },

    /** The page's word that Stripe confirmed: believed only once Stripe itself says so. */
    async complete(token: string, paymentIntentId: string, viewerId: string | undefined) {
      deps.payments.assertAvailable();
      const invoice = await deps.publicInvoices.find(token, viewerId);
      const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
      if (intent.metadata?.[INVOICE_METADATA_KEY] !== invoice.id)
        throw HttpError.conflict("The payment does not match this invoice");
      const result = await deps.settlement.settle(intent);
      afterSettle(result);
      switch (result.outcome) {
        case "mismatch":
          throw HttpError.conflict("The payment does not match this invoice");
        case "unpaid":
          throw HttpError.conflict("Payment has not completed");
        case "refunding":
          throw HttpError.conflict(REFUND_MESSAGES[result.reason]);
        case "refunded":
          throw HttpError.conflict("This payment was refunded.");
        case "paid":
        case "already-paid":
          return { status: "paid" as const };
        default:
          return { status: invoice.status };
      }
    },

    /** For the Stripe webhook, inside its transaction; only "succeeded" settles (or refunds) anything. */
    async settleFromWebhook(
      tx: Transaction,
      intent: PaymentIntent,
      outcome: "paid" | "failed",
    ): Promise<(() => void) | undefined> {
      if (outcome !== "paid") return undefined;
      const result = await deps.settlement.settle(intent, tx);
      return () => afterSettle(result);
    },

    /** charge.refunded for an invoice's payment, inside the webhook's transaction. */
    async chargeRefunded(tx: Transaction, charge: Charge): Promise<void> {
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return;
      // A charge without the intent's metadata is offered to every checkout: ours if recorded.
      const invoiceId = charge.metadata?.[INVOICE_METADATA_KEY] ?? (await deps.intents.invoiceOf(tx, intentId));
      if (!invoiceId) return;
      await deps.settlement.chargeRefunded(tx, {
        intentId,
        invoiceId,
        amountCents: charge.amount,
        full: charge.refunded,
      });
    },
  };
}

export type InvoiceCardPayments = ReturnType<typeof createInvoiceCardPayments>;
