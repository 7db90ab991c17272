import PDFDocument from "pdfkit";
import { formatDocumentDay, type InvoiceDocument } from "@shared/invoice-document";
import { invoiceStatusLabel } from "@shared/invoice-status";
import { formatMoney } from "@shared/money";
import { pdfToBuffer } from "./pdf";
import { documentText } from "./pdf-fonts";

export interface InvoicePdfOptions {
  /** The label's logo, PNG or JPEG bytes; anything pdfkit cannot read is left out. */
  logo?: Buffer | null;
  /** Tests read the text straight from the content stream. */
  compress?: boolean;
}

const MARGIN = 50;
const GREY = "#52525b";

function partyLines(party: InvoiceDocument["from"]): string[] {
  const lines = [party.name, party.address, party.email, party.phone].filter((line): line is string => Boolean(line));
  return lines.length > 0 ? lines : ["Not given"];
}

/**
 * The invoice as the print view shows it, on A4: the label's logo and name, number, dates and
 * status, "From" and "Bill to", the lines, subtotal, tax, total, the amount due, how to pay
 * (when the client cannot pay by card) and notes.
 */
export function renderInvoicePdf(invoice: InvoiceDocument, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: `Invoice ${invoice.invoiceNumber}` },
  });
  const width = doc.page.width - MARGIN * 2;
  const write = documentText(doc);

  if (options.logo) {
    try {
      doc.image(options.logo, MARGIN, MARGIN, { fit: [48, 48] });
      doc.y = MARGIN + 56;
    } catch {
      // Not a PNG or JPEG after all: the name alone brands the invoice.
    }
  }
  doc.fontSize(12).fillColor("black");
  write(invoice.labelName, "bold", MARGIN, doc.y);
  doc.moveDown(1.2);
  doc.fontSize(22);
  write(`Invoice ${invoice.invoiceNumber}`, "bold");
  doc.fontSize(10).fillColor(GREY);
  write(
    `Issued ${formatDocumentDay(invoice.issueDate, invoice.timeZone)} · Due ${formatDocumentDay(invoice.dueDate, invoice.timeZone)}`,
    "regular",
  );
  write(`Status: ${invoice.statusLabel ?? invoiceStatusLabel(invoice.status)}`, "regular");
  doc.moveDown();

  const top = doc.y;
  const column = width / 2;
  for (const [index, [heading, party]] of (
    [
      ["From", invoice.from],
      ["Bill to", invoice.billTo],
    ] as const
  ).entries()) {
    const x = MARGIN + index * column;
    doc.fontSize(9).fillColor(GREY);
    write(heading.toUpperCase(), "bold", x, top, { width: column - 10 });
    doc.fontSize(10).fillColor("black");
    write(partyLines(party).join("\n"), "regular", x, doc.y + 2, { width: column - 10 });
  }
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + 60);
  doc.moveDown();

  // Description, Qty, Price, Amount: where each starts and how wide it is. The amounts have room
  // for the largest an invoice holds ($99,999,999.99) on one line.
  const cols = [MARGIN, MARGIN + width * 0.5, MARGIN + width * 0.6, MARGIN + width * 0.79];
  const widths = [width * 0.48, width * 0.09, width * 0.18, width * 0.21];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    const weight = bold ? "bold" : "regular";
    doc.fontSize(10);
    write(cells[0], weight, cols[0], y, { width: widths[0] });
    const after = doc.y;
    cells.slice(1).forEach((cell, i) => write(cell, weight, cols[i + 1], y, { width: widths[i + 1], align: "right" }));
    doc.y = Math.max(after, doc.y) + 4;
  };
  doc.fillColor(GREY);
  row(["Description", "Qty", "Price", "Amount"], true);
  doc.fillColor("black");
  if (invoice.items.length === 0) row(["No line items", "", "", ""]);
  for (const item of invoice.items)
    row([item.description, String(item.quantity), formatMoney(item.unitPrice), formatMoney(item.total)]);
  doc.moveDown();

  const totals: [string, string, boolean][] = [
    ["Subtotal", formatMoney(invoice.subtotal), false],
    [invoice.taxLabel, formatMoney(invoice.tax), false],
    ["Total", formatMoney(invoice.total), invoice.amountDue === undefined],
  ];
  if (invoice.amountDue !== undefined) totals.push(["Amount due", formatMoney(invoice.amountDue), true]);
  for (const [label, value, bold] of totals) {
    const y = doc.y;
    const weight = bold ? "bold" : "regular";
    doc.fontSize(bold ? 13 : 10);
    // The amount may take the Price column's room too: a large bold total stays on one line.
    write(label, weight, cols[1], y, { width: width * 0.22 });
    write(value, weight, cols[2], y, { width: MARGIN + width - cols[2], align: "right" });
    doc.moveDown(0.4);
  }
  if (invoice.paymentInstructions) {
    doc.moveDown();
    doc.fontSize(9).fillColor(GREY);
    write("HOW TO PAY", "bold", MARGIN, doc.y, { width });
    doc.fontSize(10).fillColor("black");
    write(invoice.paymentInstructions, "regular", undefined, undefined, { width });
  }
  if (invoice.notes) {
    doc.moveDown();
    doc.fontSize(9).fillColor(GREY);
    write("NOTES", "bold", MARGIN, doc.y, { width });
    doc.fontSize(10).fillColor("black");
    write(invoice.notes, "regular", undefined, undefined, { width });
  }
  return pdfToBuffer(doc);
}
