import type { InvoiceDocument } from "@shared/invoice-document";
import { renderInvoicePdf } from "./invoice-pdf";
import type { PackingSlipDocument } from "./packing-slip";
import { renderPackingSlipPdf } from "./packing-slip-pdf";
import type { RoyaltyStatementDocument } from "./royalty-statement";
import { renderRoyaltyStatementPdf } from "./royalty-statement-pdf";
import type { TicketDocument } from "./ticket-document";
import { renderTicketPdf } from "./ticket-pdf";

/** One document to make, as plain data (it crosses to a worker thread). */
export type DocumentTask =
  | { kind: "invoice-pdf"; invoice: InvoiceDocument; logo: Uint8Array | null }
  | { kind: "ticket-pdf"; ticket: TicketDocument; labelName: string }
  | { kind: "packing-slip-pdf"; slip: PackingSlipDocument }
  | { kind: "royalty-statement-pdf"; statement: RoyaltyStatementDocument };

/**
 * The worker threads' entry (document-renderer.ts runs it through piscina; the production
 * build bundles it as dist/server/pdf-worker.js): laying out text and compressing a PDF takes
 * whole CPU-bound milliseconds per line, which on the main thread would stall every request.
 */
export default async function renderDocument(task: DocumentTask): Promise<Uint8Array> {
  switch (task.kind) {
    case "invoice-pdf":
      return renderInvoicePdf(task.invoice, { logo: task.logo ? Buffer.from(task.logo) : null });
    case "ticket-pdf":
      return renderTicketPdf(task.ticket, task.labelName);
    case "packing-slip-pdf":
      return renderPackingSlipPdf(task.slip);
    case "royalty-statement-pdf":
      return renderRoyaltyStatementPdf(task.statement);
  }
}
