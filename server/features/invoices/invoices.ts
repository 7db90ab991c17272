import type { AppContext } from "../../context";
import type { DocumentRenderer } from "../../documents/document-renderer";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { SignedTokens } from "../../lib/signed-token";
import { createInvoiceCardPayments } from "./invoice-card-payments";
import { createInvoiceDocuments } from "./invoice-documents.service";
import { createInvoiceLifecycle, type InvoiceMessages } from "./invoice-lifecycle.service";
import { createInvoiceOwners } from "./invoice-owners.repository";
import { createInvoicePaymentJobs } from "./invoice-payment-jobs";
import { createInvoicePaymentSettlement } from "./invoice-payment-settlement";
import { createInvoicePaymentsRepository } from "./invoice-payments.repository";
import { createInvoiceReminders } from "./invoice-reminders";
import { createInvoiceSendLimits } from "./invoice-send-limits";
import { createInvoicesRepository } from "./invoices.repository";
import { createInvoicesService } from "./invoices.service";
import { createPublicInvoices } from "./public-invoices.service";

/**
 * The invoices feature, wired once per app by features/index.ts. `runPaymentsSoon` asks for
 * its invoice-payments job (Stripe's cancels and refunds, `paymentJobs.work`), which
 * features/index.ts defines on the job runner.
 */
export function createInvoicesFeature(
  { config, db, logger }: AppContext,
  deps: {
    tokens: SignedTokens;
    messages: InvoiceMessages;
    documents: DocumentRenderer;
    payments: CheckoutPayments;
    runPaymentsSoon: () => void;
  },
) {
  const repository = createInvoicesRepository(db);
  const intents = createInvoicePaymentsRepository(db);
  const owners = createInvoiceOwners(db);
  const { tokens, messages, runPaymentsSoon } = deps;
  // Card payment is offered wherever Stripe is configured: "Pay now" replaces the member's
  // payment instructions, and the e-mails say the client can pay online.
  const cardPayments = config.stripe !== null;
  const documents = createInvoiceDocuments({ owners, documents: deps.documents, cardPayments });
  const publicInvoices = createPublicInvoices({
    repository,
    owners,
    tokens,
    documents,
    cardPayments,
  });
  const publicLink = (id: string) => `${config.appUrl}/pay/${tokens.sign(id)}`;
  const openPayments = { endOpen: intents.endOpen, runSoon: runPaymentsSoon };
  const settlement = createInvoicePaymentSettlement({
    repository,
    intents,
    owners,
    messages,
    logger,
    appUrl: config.appUrl,
    publicLink,
  });
  return {
    repository,
    documents,
    service: createInvoicesService({ repository, owners, tokens, openPayments, cardPayments }),
    lifecycle: createInvoiceLifecycle({
      repository,
      owners,
      tokens,
      messages,
      openPayments,
      appUrl: config.appUrl,
      cardPayments,
      admitSend: createInvoiceSendLimits(config.invoiceSends),
    }),
    publicInvoices,
    cardPayments: createInvoiceCardPayments({
      repository,
      intents,
      settlement,
      publicInvoices,
      payments: deps.payments,
      messages,
      runSoon: runPaymentsSoon,
    }),
    paymentJobs: createInvoicePaymentJobs({ intents, settlement, payments: deps.payments, messages, logger }),
    reminders: createInvoiceReminders({
      db,
      tokens,
      messages,
      appUrl: config.appUrl,
      cardPayments,
      perMemberPerDay: config.invoiceSends.perMemberPerDay,
    }),
  };
}

export type InvoicesFeature = ReturnType<typeof createInvoicesFeature>;
