import { displayStatus, type InvoiceRow } from "@shared/invoices";
import { isTimeZone } from "@shared/validation";
import { dayInZone } from "@shared/zoned-time";

const HEADER = ["Number", "Client", "Issue date", "Due date", "Status", "Subtotal", "Tax", "Total"];

/**
 * One CSV field. A field a spreadsheet would run as a formula (starting with =, +, -, @, tab
 * or carriage return) is prefixed with an apostrophe, so a client name like
 * "=HYPERLINK(...)" stays text; fields with commas, quotes or line breaks are quoted.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * "2031-01-31": the calendar day in the invoice's time zone (the member's, recorded when the
 * dates were set), as its PDF and the member's screen show it; UTC for an invoice without one.
 * The dates are stored as the start and the end of the member's day, which in UTC are the day
 * before east of Greenwich and the day after west of it.
 */
function day(date: Date, timeZone: string | null): string {
  return dayInZone(date, timeZone && isTimeZone(timeZone) ? timeZone : "UTC");
}

/** The member's invoices as CSV (RFC 4180 line endings), overdue computed as on screen. */
export function invoicesCsv(rows: InvoiceRow[], now = new Date()): string {
  const lines = rows.map((invoice) =>
    [
      invoice.invoiceNumber,
      invoice.clientName,
      day(invoice.issueDate, invoice.timeZone),
      day(invoice.dueDate, invoice.timeZone),
      displayStatus(invoice.status, invoice.dueDate, now),
      invoice.subtotal,
      invoice.tax,
      invoice.total,
    ]
      .map(csvField)
      .join(","),
  );
  return [HEADER.join(","), ...lines].join("\r\n") + "\r\n";
}
