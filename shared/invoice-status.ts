// How an invoice's status and what is owed read to people: the owner's page, the client's page,
// the PDF and the e-mails say the same. No zod here, so the client's public invoice page can
// import it without the request schemas.
import type { InvoiceStatus } from "./invoices";

/** Each status as people read it, on the page, the PDF and in e-mails. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
};

export function invoiceStatusLabel(status: string): string {
  return INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;
}

/** Paid or cancelled: nothing is owed on it any more. */
function isSettled(status: string): boolean {
  return status === "paid" || status === "cancelled";
}

/** What the client still owes: the total until it is paid; nothing on a paid or cancelled invoice. */
export function amountDue(invoice: { status: string; total: string }): string {
  return isSettled(invoice.status) ? "0.00" : invoice.total;
}

/**
 * The member's payment instructions (bank details, terms) as the client sees them: only while
 * something is owed and card payment is not offered, since "Pay now" is then the way to pay.
 */
export function shownPaymentInstructions(
  invoice: { status: string; paymentInstructions: string | null },
  cardPayments: boolean,
): string | null {
  if (cardPayments || isSettled(invoice.status)) return null;
  return invoice.paymentInstructions?.trim() || null;
}
