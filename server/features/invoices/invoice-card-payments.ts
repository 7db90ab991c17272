import { canDo, refusalMessage } from "@shared/invoice-actions";
import { formatDocumentDay } from "@shared/invoice-document";
import { toCents } from "@shared/money";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../db/database";
import type { PaymentIntent } from "../../integrations/stripe";
import { MINIMUM_CHARGE_CENTS, paymentProblem, type CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { issuerName, type InvoiceMessages } from "./invoice-lifecycle.service";
import type { InvoiceOwners } from "./invoice-owners.repository";
import type { InvoicesRepository } from "./invoices.repository";
import type { PublicInvoices } from "./public-invoices.service";

/** The PaymentIntent metadata naming the invoice it pays; the webhook dispatches on it. */
export const INVOICE_METADATA_KEY = "invoiceId";

export type SettleResult = "paid" | "already-paid" | "mismatch" | "unpaid" | "not-payable" | "unknown";

/**
 * "Pay now" on the public page: a PaymentIntent for exactly the invoice's stored total, and
 * settlement once Stripe says it succeeded, from the webhook or the page's completion call,
 * whichever comes first (the invoice row lock makes the second a no-op).
 */
export function createInvoiceCardPayments(deps: {
  repository: InvoicesRepository;
  owners: InvoiceOwners;
  publicInvoices: PublicInvoices;
  payments: CheckoutPayments;
  messages: InvoiceMessages;
  logger: Logger;
  appUrl: string;
  publicLink: (id: string) => string;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());

  async function settle(intent: PaymentIntent, within?: Transaction): Promise<SettleResult> {
    const id = intent.metadata?.[INVOICE_METADATA_KEY];
    if (!id) return "unknown";
    const result = await deps.repository.locked(
      id,
      null,
      async (locked): Promise<SettleResult> => {
        const { invoice } = locked;
        const problem = paymentProblem(intent, toCents(invoice.total));
        if (problem === "mismatch") {
          deps.logger.error(
            {
              invoiceId: id,
              paymentIntentId: intent.id,
              amount: intent.amount,
              currency: intent.currency,
              expected: invoice.total,
            },
            "card payment does not match the invoice; not marked paid",
          );
          return "mismatch";
        }
        if (problem === "unpaid") return "unpaid";
        if (invoice.status === "paid") return "already-paid";
        if (!canDo("pay", invoice.status)) {
          deps.logger.warn(
            { invoiceId: id, paymentIntentId: intent.id, status: invoice.status },
            "card payment for an invoice that is not awaiting payment",
          );
          return "not-payable";
        }
        const now = clock();
        await locked.update({ status: "paid", paidAt: now });
        await locked.record({
          kind: "paid",
          detail: { how: "card", ...(invoice.clientEmail ? { to: invoice.clientEmail } : {}) },
          at: now,
        });
        const owner = await deps.owners.find(locked.tx, invoice.userId);
        const paidOn = formatDocumentDay(now.toISOString());
        const about = { aboutType: "invoice", aboutId: id };
        const messages: NewOutboxMessage[] = [];
        if (invoice.clientEmail) {
          const params = {
            labelName: issuerName(owner, invoice),
            invoiceNumber: invoice.invoiceNumber,
            total: invoice.total,
            paidOn,
            link: deps.publicLink(id),
          };
          messages.push({ template: "invoice-paid-receipt", params, recipient: invoice.clientEmail, ...about });
        }
        if (owner) {
          const params = {
            invoiceNumber: invoice.invoiceNumber,
            clientName: invoice.clientName,
            total: invoice.total,
            paidOn,
            link: `${deps.appUrl}/invoices`,
          };
          messages.push({ template: "invoice-paid-notice", params, recipient: owner.email, ...about });
        }
        if (messages.length) await deps.messages.queue(locked.tx, messages);
        return "paid";
      },
      within,
    );
    return result ?? "unknown";
  }

  return {
    /** A PaymentIntent for the total the server stored; the same one again while the total stands. */
    async start(token: string, viewerId: string | undefined): Promise<{ clientSecret: string }> {
      deps.payments.assertAvailable();
      const invoice = await deps.publicInvoices.find(token, viewerId);
      if (!canDo("pay", invoice.status)) throw HttpError.conflict(refusalMessage("pay", invoice.status));
      const amountCents = toCents(invoice.total);
      if (amountCents < MINIMUM_CHARGE_CENTS) throw HttpError.conflict("This invoice is too small to pay by card.");
      const { clientSecret } = await deps.payments.createPaymentIntent({
        amountCents,
        metadata: { [INVOICE_METADATA_KEY]: invoice.id },
        idempotencyScope: `invoice-${invoice.id}-${amountCents}`,
        description: `Invoice ${invoice.invoiceNumber}`,
        receiptEmail: invoice.clientEmail ?? undefined,
      });
      return { clientSecret };
    },

    /** The page's word that Stripe confirmed: believed only once Stripe itself says so. */
    async complete(token: string, paymentIntentId: string, viewerId: string | undefined) {
      deps.payments.assertAvailable();
      const invoice = await deps.publicInvoices.find(token, viewerId);
      const intent = await deps.payments.retrievePaymentIntent(paymentIntentId);
      if (intent.metadata?.[INVOICE_METADATA_KEY] !== invoice.id)
        throw HttpError.conflict("The payment does not match this invoice");
      const result = await settle(intent);
      if (result === "mismatch") throw HttpError.conflict("The payment does not match this invoice");
      if (result === "unpaid") throw HttpError.conflict("Payment has not completed");
      if (result === "paid") deps.messages.deliverSoon();
      return { status: result === "paid" || result === "already-paid" ? "paid" : invoice.status };
    },

    /** For the Stripe webhook, inside its transaction; only "succeeded" settles anything. */
    async settleFromWebhook(tx: Transaction, intent: PaymentIntent, outcome: "paid" | "failed"): Promise<void> {
      if (outcome === "paid") await settle(intent, tx);
    },
  };
}

export type InvoiceCardPayments = ReturnType<typeof createInvoiceCardPayments>;
