import type { AppContext } from "../../context";
import type { DocumentRenderer } from "../../documents/document-renderer";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { SignedTokens } from "../../lib/signed-token";
import { createInvoiceCardPayments } from "./invoice-card-payments";
import { createInvoiceDocuments } from "./invoice-documents.service";
import { createInvoiceLifecycle, type InvoiceMessages } from "./invoice-lifecycle.service";
import { createInvoiceOwners } from "./invoice-owners.repository";
import { createInvoiceReminders } from "./invoice-reminders";
import { createInvoiceSendLimits } from "./invoice-send-limits";
import { createInvoicesRepository } from "./invoices.repository";
import { createInvoicesService } from "./invoices.service";
import { createPublicInvoices } from "./public-invoices.service";

/** The invoices feature, wired once per app by features/index.ts. */
export function createInvoicesFeature(
  { config, db, logger }: AppContext,
  deps: { tokens: SignedTokens; messages: InvoiceMessages; documents: DocumentRenderer; payments: CheckoutPayments },
) {
  const repository = createInvoicesRepository(db);
  const owners = createInvoiceOwners(db);
  const { tokens, messages } = deps;
  const documents = createInvoiceDocuments({ owners, documents: deps.documents });
  const publicInvoices = createPublicInvoices({
    repository,
    owners,
    tokens,
    documents,
    cardPayments: config.stripe !== null,
  });
  const publicLink = (id: string) => `${config.appUrl}/pay/${tokens.sign(id)}`;
  return {
    repository,
    documents,
    service: createInvoicesService({ repository, tokens }),
    lifecycle: createInvoiceLifecycle({
      repository,
      owners,
      tokens,
      messages,
      appUrl: config.appUrl,
      admitSend: createInvoiceSendLimits(config.invoiceSends),
    }),
    publicInvoices,
    cardPayments: createInvoiceCardPayments({
      repository,
      owners,
      publicInvoices,
      payments: deps.payments,
      messages,
      logger,
      appUrl: config.appUrl,
      publicLink,
    }),
    reminders: createInvoiceReminders({
      db,
      tokens,
      messages,
      appUrl: config.appUrl,
      perMemberPerDay: config.invoiceSends.perMemberPerDay,
    }),
  };
}

export type InvoicesFeature = ReturnType<typeof createInvoicesFeature>;
