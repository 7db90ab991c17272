import PDFDocument from "pdfkit";
import { formatDocumentDay, type InvoiceDocument } from "@shared/invoice-document";
import { formatMoney } from "@shared/money";
import { pdfToBuffer } from "./pdf";

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
 * status, "From" and "Bill to", the lines, subtotal, tax, total and notes.
 */
export function renderInvoicePdf(invoice: InvoiceDocument, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: `Invoice ${invoice.invoiceNumber}` },
  });
  const width = doc.page.width - MARGIN * 2;

  if (options.logo) {
    try {
      doc.image(options.logo, MARGIN, MARGIN, { fit: [48, 48] });
      doc.y = MARGIN + 56;
    } catch {
      // Not a PNG or JPEG after all: the name alone brands the invoice.
    }
  }
  doc.font("Helvetica-Bold").fontSize(12).fillColor("black").text(invoice.labelName, MARGIN, doc.y);
  doc.moveDown(1.2);
  doc.fontSize(22).text(`Invoice ${invoice.invoiceNumber}`);
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(GREY)
    .text(
      `Issued ${formatDocumentDay(invoice.issueDate, invoice.timeZone)} · Due ${formatDocumentDay(invoice.dueDate, invoice.timeZone)}`,
    );
  doc.text(`Status: ${invoice.status}`);
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
    doc
      .font("Helvetica-Bold")
      .fontSize(9)
      .fillColor(GREY)
      .text(heading.toUpperCase(), x, top, { width: column - 10 });
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor("black")
      .text(partyLines(party).join("\n"), x, doc.y + 2, { width: column - 10 });
  }
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + 60);
  doc.moveDown();

  const cols = [MARGIN, MARGIN + width * 0.55, MARGIN + width * 0.67, MARGIN + width * 0.83];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(cells[0], cols[0], y, { width: width * 0.53 });
    const after = doc.y;
    cells.slice(1).forEach((cell, i) => doc.text(cell, cols[i + 1], y, { width: width * 0.15, align: "right" }));
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
    ["Total", formatMoney(invoice.total), true],
  ];
  for (const [label, value, bold] of totals) {
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 13 : 10);
    doc.text(label, cols[1], y, { width: width * 0.28 });
    doc.text(value, cols[3], y, { width: width * 0.15, align: "right" });
    doc.moveDown(0.4);
  }
  if (invoice.notes) {
    doc.moveDown();
    doc.font("Helvetica-Bold").fontSize(9).fillColor(GREY).text("NOTES", MARGIN, doc.y, { width });
    doc.font("Helvetica").fontSize(10).fillColor("black").text(invoice.notes, { width });
  }
  return pdfToBuffer(doc);
}
