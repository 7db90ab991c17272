import { displayStatus, type Invoice } from "@shared/invoices";

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

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The member's invoices as CSV (RFC 4180 line endings), overdue computed as on screen. */
export function invoicesCsv(rows: Invoice[], now = new Date()): string {
  const lines = rows.map((invoice) =>
    [
      invoice.invoiceNumber,
      invoice.clientName,
      day(invoice.issueDate),
      day(invoice.dueDate),
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
