import { canDo } from "@shared/invoice-actions";
import { formatDocumentDay } from "@shared/invoice-document";
import type { InvoiceRefundReason } from "@shared/invoice-events";
import { fromCents, toCents } from "@shared/money";
import type { NewOutboxMessage } from "@shared/outbox";
import type { PaymentIntent } from "../../integrations/stripe";
import { paymentProblem } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import type { InvoiceMessages } from "./invoice-lifecycle.service";
import { issuerName, onBehalfOf } from "./invoice-senders";
import type { InvoiceOwners } from "./invoice-owners.repository";
import type { InvoicePaymentsRepository } from "./invoice-payments.repository";
import type { InvoicesRepository, LockedInvoice, Transaction } from "./invoices.repository";

/** The PaymentIntent metadata naming the invoice it pays; the webhook dispatches on it. */
export const INVOICE_METADATA_KEY = "invoiceId";

/**
 * What a succeeded (or not yet succeeded) intent did to its invoice: paid it; had paid it
 * before; is being refunded because it cannot pay it (`reason`), or was refunded in Stripe;
 * does not match and has not succeeded; has not succeeded; names no invoice.
 */
export type SettleResult =
  | { outcome: "already-paid" | "refunded" | "mismatch" | "unpaid" | "unknown" }
  /** `endedOthers`: other intents of the invoice were still open and now must be cancelled. */
  | { outcome: "paid"; endedOthers: boolean }
  | { outcome: "refunding"; reason: InvoiceRefundReason };

/**
 * Why a payment that went through cannot pay the invoice as it now stands, or null when it
 * pays it: the invoice was paid (another way, or by another intent), cancelled, or no longer
 * awaits payment, or the amount is not its total any more.
 */
function refundReason(locked: LockedInvoice, intent: PaymentIntent): InvoiceRefundReason | null {
  const { status, total } = locked.invoice;
  if (status === "paid") return "paid";
  if (status === "cancelled") return "cancelled";
  if (!canDo("pay", status)) return "changed";
  return paymentProblem(intent, toCents(total)) ? "changed" : null;
}

/**
 * Applies a card payment to its invoice, or returns it: Stripe's word that an intent succeeded
 * (from the webhook, the page's completion call, or the job that found it paid instead of
 * cancelling it) either marks the invoice paid or, when the invoice can no longer take it, records
 * a refund that the invoice-payments job then asks of Stripe. Both happen under the invoice's
 * row lock with the intent's row, so however many times and in whatever order Stripe's word
 * arrives, the invoice is paid once and a payment is refunded once
 * (docs/decisions/026-money-applied-or-returned.md).
 */
export function createInvoicePaymentSettlement(deps: {
  repository: InvoicesRepository;
  intents: InvoicePaymentsRepository;
  owners: InvoiceOwners;
  messages: InvoiceMessages;
  logger: Logger;
  appUrl: string;
  publicLink: (id: string) => string;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());

  /** Answers whether other intents of the invoice were still open (they are now to be cancelled). */
  async function markPaid(locked: LockedInvoice, intent: PaymentIntent): Promise<boolean> {
    const { invoice, tx } = locked;
    const now = clock();
    await locked.update({ status: "paid", paidAt: now });
    await locked.record({
      kind: "paid",
      detail: { how: "card", ...(invoice.clientEmail ? { to: invoice.clientEmail } : {}) },
      at: now,
    });
    await deps.intents.put(tx, {
      paymentIntentId: intent.id,
      invoiceId: invoice.id,
      amount: invoice.total,
      status: "settled",
    });
    // Anything else still open would now be a second payment.
    const endedOthers = (await deps.intents.endOpen(tx, invoice.id)) > 0;
    const owner = await deps.owners.find(tx, invoice.userId);
    const paidOn = formatDocumentDay(now.toISOString());
    const about = { aboutType: "invoice", aboutId: invoice.id };
    const messages: NewOutboxMessage[] = [];
    if (invoice.clientEmail) {
      const params = {
        labelName: issuerName(owner, invoice),
        invoiceNumber: invoice.invoiceNumber,
        total: invoice.total,
        paidOn,
        link: deps.publicLink(invoice.id),
      };
      messages.push({
        template: "invoice-paid-receipt",
        params,
        recipient: invoice.clientEmail,
        ...about,
        ...onBehalfOf(owner, invoice),
      });
    }
    if (owner) {
      const params = {
        invoiceNumber: invoice.invoiceNumber,
        clientName: invoice.clientName,
        total: invoice.total,
        paidOn,
        link: `${deps.appUrl}/invoices/${invoice.id}`,
      };
      messages.push({ template: "invoice-paid-notice", params, recipient: owner.email, ...about });
    }
    if (messages.length) await deps.messages.queue(tx, messages);
    return endedOthers;
  }

  /** The refund is decided here, with its timeline entry and both e-mails; Stripe is asked after the commit. */
  async function refund(locked: LockedInvoice, intent: PaymentIntent, reason: InvoiceRefundReason): Promise<void> {
    const { invoice, tx } = locked;
    const amount = fromCents(intent.amount);
    deps.logger.warn(
      { invoiceId: invoice.id, paymentIntentId: intent.id, reason, amount, status: invoice.status },
      "card payment cannot pay its invoice: refunding it",
    );
    await deps.intents.put(tx, { paymentIntentId: intent.id, invoiceId: invoice.id, amount, status: "refunding" });
    const to = invoice.clientEmail;
    await locked.record({ kind: "payment-refunded", detail: { amount, refundReason: reason, ...(to ? { to } : {}) } });
    const owner = await deps.owners.find(tx, invoice.userId);
    const about = { aboutType: "invoice", aboutId: invoice.id };
    const messages: NewOutboxMessage[] = [];
    if (to) {
      const params = {
        labelName: issuerName(owner, invoice),
        invoiceNumber: invoice.invoiceNumber,
        amount,
        reason,
        link: deps.publicLink(invoice.id),
      };
      messages.push({
        template: "invoice-payment-refunded",
        params,
        recipient: to,
        ...about,
        ...onBehalfOf(owner, invoice),
      });
    }
    if (owner) {
      const params = {
        invoiceNumber: invoice.invoiceNumber,
        clientName: invoice.clientName,
        amount,
        reason,
        link: `${deps.appUrl}/invoices/${invoice.id}`,
      };
      messages.push({ template: "invoice-payment-refunded-notice", params, recipient: owner.email, ...about });
    }
    if (messages.length) await deps.messages.queue(tx, messages);
  }

  return {
    /** Settles or refunds the intent, in `within` (the webhook's transaction) or a transaction of its own. */
    async settle(intent: PaymentIntent, within?: Transaction): Promise<SettleResult> {
      const id = intent.metadata?.[INVOICE_METADATA_KEY];
      if (!id) return { outcome: "unknown" };
      const result = await deps.repository.locked(
        id,
        null,
        async (locked): Promise<SettleResult> => {
          if (intent.status !== "succeeded") {
            const problem = paymentProblem(intent, toCents(locked.invoice.total));
            return { outcome: problem === "mismatch" ? "mismatch" : "unpaid" };
          }
          const row = await deps.intents.lock(locked.tx, intent.id);
          if (row?.status === "settled") return { outcome: "already-paid" };
          const reason = refundReason(locked, intent);
          // Already given back (by us, or in Stripe before its success arrived): it never pays the invoice.
          if (row?.status === "refunding" || row?.status === "refunded") {
            return reason ? { outcome: "refunding", reason } : { outcome: "refunded" };
          }
          if (reason) {
            await refund(locked, intent, reason);
            return { outcome: "refunding", reason };
          }
          return { outcome: "paid", endedOthers: await markPaid(locked, intent) };
        },
        within,
      );
      return result ?? { outcome: "unknown" };
    },

    /**
     * charge.refunded for an invoice's intent, in the webhook's transaction: a full refund of a
     * payment that has not paid the invoice ends it, so a success reported later never pays the
     * invoice. A refund of the payment that did pay it leaves the invoice paid and is logged for
     * its owner to sort out.
     */
    async chargeRefunded(
      tx: Transaction,
      {
        intentId,
        invoiceId,
        amountCents,
        full,
      }: { intentId: string; invoiceId: string; amountCents: number; full: boolean },
    ): Promise<void> {
      if (!full) {
        deps.logger.warn({ invoiceId, paymentIntentId: intentId }, "partial refund of an invoice payment: ignored");
        return;
      }
      await deps.repository.locked(
        invoiceId,
        null,
        async () => {
          const row = await deps.intents.lock(tx, intentId);
          if (row?.status === "settled") {
            deps.logger.warn(
              { invoiceId, paymentIntentId: intentId },
              "the card payment that paid an invoice was refunded in Stripe; the invoice stays paid",
            );
            return;
          }
          if (row?.status === "refunded") return;
          await deps.intents.put(tx, {
            paymentIntentId: intentId,
            invoiceId,
            amount: row?.amount ?? fromCents(amountCents),
            status: "refunded",
          });
        },
        tx,
      );
    },
  };
}

export type InvoicePaymentSettlement = ReturnType<typeof createInvoicePaymentSettlement>;
