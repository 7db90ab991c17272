import { displayStatus, type InvoiceRow } from "@shared/invoices";
import { isTimeZone } from "@shared/validation";
import { dayInZone } from "@shared/zoned-time";
import { toCsv } from "../../lib/csv";

const HEADER = ["Number", "Client", "Issue date", "Due date", "Status", "Subtotal", "Tax", "Total"];

/**
 * "2031-01-31": the calendar day in the invoice's time zone (the member's, recorded when the
 * dates were set), as its PDF and the member's screen show it; UTC for an invoice without one.
 * The dates are stored as the start and the end of the member's day, which in UTC are the day
 * before east of Greenwich and the day after west of it.
 */
function day(date: Date, timeZone: string | null): string {
  return dayInZone(date, timeZone && isTimeZone(timeZone) ? timeZone : "UTC");
}

/**
 * The member's invoices as CSV, overdue computed as on screen: lib/csv.ts's form like every
 * export (RFC 4180, formula-safe cells, a byte-order mark so Excel reads accents as UTF-8).
 */
export function invoicesCsv(rows: InvoiceRow[], now = new Date()): string {
  return toCsv(
    HEADER,
    rows.map((invoice) => [
      invoice.invoiceNumber,
      invoice.clientName,
      day(invoice.issueDate, invoice.timeZone),
      day(invoice.dueDate, invoice.timeZone),
      displayStatus(invoice.status, invoice.dueDate, now),
      invoice.subtotal,
      invoice.tax,
      invoice.total,
    ]),
  );
}
