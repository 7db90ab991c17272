import PDFDocument from "pdfkit";
import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { pdfToBuffer } from "./pdf";
import { documentText, type DocumentText } from "./pdf-fonts";
import { drawQrCode } from "./qr-code";
import type { TicketDocument } from "./ticket-document";

const QR_SIZE = 150;

/**
 * One A5 page per ticket, as each person shows their own at the door: what the door checks
 * (event, date, time, venue, holder, which ticket of the order), the ticket's QR code and its
 * code to type when a scan fails (docs/decisions/030-one-code-per-ticket.md). Rendered by the
 * outbox worker at delivery and by the download route, never while buying.
 */
export async function renderTicketPdf(ticket: TicketDocument, labelName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A5",
    margin: 40,
    info: { Title: `Tickets — ${ticket.eventName}`, Author: labelName },
  });
  const write = documentText(doc);
  ticket.tickets.forEach((page, i) => {
    if (i > 0) doc.addPage();
    drawPage(doc, write, ticket, page, labelName);
  });
  return pdfToBuffer(doc);
}

function drawPage(
  doc: PDFKit.PDFDocument,
  write: DocumentText,
  ticket: TicketDocument,
  page: TicketDocument["tickets"][number],
  labelName: string,
) {
  const width = doc.page.width - 80;
  doc.fontSize(10).fillColor("#666666");
  write(labelName.toUpperCase(), "regular", undefined, undefined, { characterSpacing: 1 });
  doc.moveDown(0.5).fontSize(22).fillColor("#000000");
  write(ticket.eventName, "bold", undefined, undefined, { width });
  doc.fontSize(13);
  write(ticket.artist, "regular", undefined, undefined, { width });
  doc.moveDown();
  const rows: [string, string][] = [
    ["Date", formatDay(ticket.date, null, "long")],
    ["Time", formatTime(ticket.time, null)],
    ["Venue", ticket.venue],
    ["Ticket holder", ticket.holderName],
    ["Ticket", `${page.position} of ${ticket.quantity} · admits one`],
  ];
  if (ticket.promoCode && ticket.discount) {
    rows.push(["Promo code", `${ticket.promoCode} · ${formatMoney(ticket.discount)} off the order`]);
  }
  for (const [label, value] of rows) {
    doc.fontSize(9).fillColor("#666666");
    write(label, "regular");
    doc.fontSize(12).fillColor("#000000");
    write(value, "regular", undefined, undefined, { width });
    doc.moveDown(0.4);
  }
  drawQrCode(doc, page.token, (doc.page.width - QR_SIZE) / 2, doc.y + 10, QR_SIZE);
  doc.y += QR_SIZE + 20;
  doc.fontSize(9).fillColor("#666666");
  write("Ticket code", "regular", undefined, undefined, { align: "center", width });
  // A monospace face keeps the code's characters apart (0 and O, 1 and I) for whoever types it.
  doc.fontSize(20).fillColor("#000000");
  write(page.code, "mono-bold", undefined, undefined, { align: "center", width, characterSpacing: 2 });
}
