import PDFDocument from "pdfkit";
import { pdfToBuffer } from "./pdf";
import { documentText } from "./pdf-fonts";
import type { PackingSlipDocument } from "./packing-slip";

const MARGIN = 50;
const GREY = "#52525b";

/**
 * The sheet that goes in the parcel, on A4: the label, the order's number and day, the address
 * it ships to, and every line with its SKU, options, the quantity ordered and what is left to
 * send. No prices: a packing slip travels with gifts.
 */
export function renderPackingSlipPdf(slip: PackingSlipDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const title = slip.orderNumber === null ? "Packing slip" : `Packing slip — order #${slip.orderNumber}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: title },
  });
  const width = doc.page.width - MARGIN * 2;
  const write = documentText(doc);
  doc.fontSize(10).fillColor(GREY);
  write(slip.labelName.toUpperCase(), "regular", undefined, undefined, { characterSpacing: 1 });
  doc.moveDown(0.5).fontSize(20).fillColor("#000000");
  write(title, "bold", undefined, undefined, { width });
  doc.fontSize(10).fillColor(GREY);
  write(`Ordered ${slip.orderedOn}`, "regular");
  doc.moveDown();
  doc.fontSize(9).fillColor(GREY);
  write("Ship to", "regular");
  doc.fontSize(12).fillColor("#000000");
  for (const line of slip.address.length ? slip.address : ["No address on this order"]) {
    write(line, "regular", undefined, undefined, { width });
  }
  doc.moveDown();
  const columns = [
    { title: "SKU", x: MARGIN, w: 110 },
    { title: "Item", x: MARGIN + 115, w: 250 },
    { title: "Ordered", x: MARGIN + 370, w: 55 },
    { title: "To send", x: MARGIN + 430, w: 65 },
  ];
  const row = (cells: string[], weight: "regular" | "bold") => {
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      write(cell, weight, columns[i].x, y, { width: columns[i].w });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  doc.fontSize(9).fillColor(GREY);
  row(
    columns.map((c) => c.title),
    "bold",
  );
  doc.fontSize(11).fillColor("#000000");
  for (const line of slip.lines) {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const item = line.options ? `${line.name}\n${line.options}` : line.name;
    row([line.sku, item, String(line.quantity), String(line.toShip)], "regular");
  }
  return pdfToBuffer(doc);
}
