import { z } from "zod";
import { displayStatus, type InvoiceWithItemsRow } from "./invoices";
import { amountDue, invoiceStatusLabel, shownPaymentInstructions } from "./invoice-status";
import { formatDay, isKnownTimeZone } from "./dates";

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const party = {
  name: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
};

/**
 * An invoice as a document shows it (the print view, the PDF, the e-mail that carries the
 * PDF): plain values only, so a queued e-mail renders the invoice exactly as it was sent.
 */
export const invoiceDocumentSchema = z.object({
  labelName: z.string(),
  invoiceNumber: z.string(),
  /** ISO timestamps. */
  issueDate: z.string(),
  dueDate: z.string(),
  /** The IANA zone the dates are shown in (the member's, when known; else UTC). */
  timeZone: z.string().optional(),
  status: z.string(),
  /** "Sent", "Paid": the status as people read it (absent on e-mails queued before it was kept). */
  statusLabel: z.string().optional(),
  from: z.object(party),
  billTo: z.object(party),
  items: z.array(z.object({ description: z.string(), quantity: z.number().int(), unitPrice: money, total: money })),
  subtotal: money,
  tax: money,
  /** "Tax (7.50%)" in percent mode, else "Tax". */
  taxLabel: z.string(),
  total: money,
  /** What is still owed ("0.00" once paid or cancelled); absent on e-mails queued before it was kept. */
  amountDue: money.optional(),
  notes: z.string().nullable(),
  /** The member's payment instructions, only while card payment is not offered and something is owed. */
  paymentInstructions: z.string().nullish(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/**
 * The document of an invoice as of `now`. `cardPayments`: card payment is offered on this
 * server, so the client pays with "Pay now" and the member's payment instructions stay out.
 */
export function toInvoiceDocument(
  invoice: InvoiceWithItemsRow,
  labelName: string,
  { now = new Date(), cardPayments }: { now?: Date; cardPayments: boolean },
): InvoiceDocument {
  const status = displayStatus(invoice.status, invoice.dueDate, now);
  return {
    labelName,
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issueDate.toISOString(),
    dueDate: invoice.dueDate.toISOString(),
    timeZone: invoice.timeZone ?? undefined,
    status,
    statusLabel: invoiceStatusLabel(status),
    from: {
      name: invoice.companyName,
      email: invoice.companyEmail,
      address: invoice.companyAddress,
      phone: invoice.companyPhone,
    },
    billTo: {
      name: invoice.clientName || null,
      email: invoice.clientEmail,
      address: invoice.clientAddress,
      phone: invoice.clientPhone,
    },
    items: invoice.items.map(({ description, quantity, unitPrice, total }) => ({
      description,
      quantity,
      unitPrice,
      total,
    })),
    subtotal: invoice.subtotal,
    tax: invoice.tax,
    taxLabel: invoice.taxMode === "percent" && invoice.taxRate ? `Tax (${invoice.taxRate}%)` : "Tax",
    total: invoice.total,
    amountDue: amountDue({ status, total: invoice.total }),
    notes: invoice.notes,
    paymentInstructions: shownPaymentInstructions(invoice, cardPayments),
  };
}

/**
 * "Mar 14, 2027": the calendar day in the invoice's time zone (the member's, recorded when the
 * dates were set), so a document made on the server shows the day the member chose.
 */
export function formatDocumentDay(iso: string, timeZone?: string): string {
  return formatDay(iso, isKnownTimeZone(timeZone) ? timeZone : "UTC");
}
