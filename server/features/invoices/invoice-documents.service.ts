import { toInvoiceDocument } from "@shared/invoice-document";
import type { InvoiceWithItemsRow } from "@shared/invoices";
import type { DocumentRenderer } from "../../documents/document-renderer";
import { issuerName } from "./invoice-senders";
import type { InvoiceOwners } from "./invoice-owners.repository";

/** The invoice's PDF, branded with its issuer's label name and (when readable) logo. */
export function createInvoiceDocuments(deps: {
  owners: InvoiceOwners;
  documents: DocumentRenderer;
  /** Card payment is offered on this server (the payment instructions then stay off the PDF). */
  cardPayments: boolean;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  return {
    async pdf(invoice: InvoiceWithItemsRow): Promise<{ pdf: Buffer; filename: string }> {
      const owner = await deps.owners.find(undefined, invoice.userId);
      const document = toInvoiceDocument(invoice, issuerName(owner, invoice), {
        now: clock(),
        cardPayments: deps.cardPayments,
      });
      const pdf = await deps.documents.invoicePdf(document, owner?.labelLogoUrl);
      return { pdf, filename: `invoice-${invoice.invoiceNumber.replace(/[^\w.-]+/g, "_")}.pdf` };
    },
  };
}

export type InvoiceDocuments = ReturnType<typeof createInvoiceDocuments>;
