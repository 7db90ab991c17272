import PDFDocument from "pdfkit";
import { formatEventDate, formatEventTime } from "@shared/dates";
import { pdfToBuffer } from "./pdf";
import { documentText } from "./pdf-fonts";
import { drawQrCode } from "./qr-code";
import type { TicketDocument } from "./ticket-document";

/**
 * One A5 page per order: what the door checks (event, date, time, venue, holder, quantity),
 * the QR code it scans and the confirmation code to type when a scan fails. Rendered by the
 * outbox worker at delivery and by the download route, never while buying.
 */
export async function renderTicketPdf(ticket: TicketDocument, labelName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A5",
    margin: 40,
    info: { Title: `Ticket — ${ticket.eventName}`, Author: labelName },
  });

  const width = doc.page.width - 80;
  const write = documentText(doc);
  doc.fontSize(10).fillColor("#666666");
  write(labelName.toUpperCase(), "regular", undefined, undefined, { characterSpacing: 1 });
  doc.moveDown(0.5).fontSize(22).fillColor("#000000");
  write(ticket.eventName, "bold", undefined, undefined, { width });
  doc.fontSize(13);
  write(ticket.artist, "regular", undefined, undefined, { width });
  doc.moveDown();
  const rows: [string, string][] = [
    ["Date", formatEventDate(ticket.date)],
    ["Time", formatEventTime(ticket.time)],
    ["Venue", ticket.venue],
    ["Ticket holder", ticket.holderName],
    ["Quantity", `${ticket.quantity} ticket${ticket.quantity === 1 ? "" : "s"}`],
  ];
  for (const [label, value] of rows) {
    doc.fontSize(9).fillColor("#666666");
    write(label, "regular");
    doc.fontSize(12).fillColor("#000000");
    write(value, "regular", undefined, undefined, { width });
    doc.moveDown(0.4);
  }
  const size = 150;
  drawQrCode(doc, ticket.ticketToken, (doc.page.width - size) / 2, doc.y + 10, size);
  doc.y += size + 20;
  doc.fontSize(9).fillColor("#666666");
  write("Confirmation code", "regular", undefined, undefined, { align: "center", width });
  // The code is generated from [A-Z0-9] only: the standard Courier draws it without embedding a font.
  doc
    .fontSize(20)
    .fillColor("#000000")
    .font("Courier-Bold")
    .text(ticket.confirmationCode, { align: "center", width, characterSpacing: 2 });
  return pdfToBuffer(doc);
}
