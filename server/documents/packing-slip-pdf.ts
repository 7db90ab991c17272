import PDFDocument from "pdfkit";
import { pdfToBuffer } from "./pdf";
import { documentText, textWidth } from "./pdf-fonts";
import { orderedDay, returnLines, senderLines, shipToLines, type PackingSlipDocument } from "./packing-slip";

const MARGIN = 50;
const GREY = "#52525b";
const LINE_SIZE = 11;
/** The SKU column grows from its least to its most width for the widest SKU; the item column gives way. */
const SKU_COLUMN = { least: 110, most: 200 };

/**
 * A SKU is one word a packer matches against a shelf: it is never split across lines. The
 * column is as wide as the widest SKU at the lines' size, within SKU_COLUMN; a SKU wider than
 * the column is set smaller until it fits (docs/decisions/039-pdf-fonts-for-every-name.md).
 */
function skuColumnWidth(widths: number[]): number {
  return Math.ceil(Math.min(SKU_COLUMN.most, Math.max(SKU_COLUMN.least, ...widths)));
}

/**
 * The sheet that goes in the parcel, on A4: the label, the order's number and day, who sends it
 * and the address it ships to (its country in words), every line with its SKU, options, the
 * quantity ordered and what is left to send, and where returns go. No prices: a packing slip
 * travels with gifts. SKUs stay whole on one line.
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
  write(`Ordered ${orderedDay(slip)}`, "regular");
  doc.moveDown();
  // "From" and "Ship to" side by side; the lines start below the longer of the two.
  const top = doc.y;
  const half = width / 2 - 10;
  const shipTo = shipToLines(slip);
  let bottom = top;
  for (const [x, heading, lines, size] of [
    [MARGIN, "From", senderLines(slip), 10],
    [MARGIN + width / 2, "Ship to", shipTo.length ? shipTo : ["No address on this order"], 12],
  ] as const) {
    doc.fontSize(9).fillColor(GREY);
    write(heading, "regular", x, top, { width: half });
    doc.fontSize(size).fillColor("#000000");
    for (const line of lines) write(line, "regular", x, undefined, { width: half });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = MARGIN;
  doc.y = bottom;
  doc.moveDown();
  doc.fontSize(LINE_SIZE);
  const skuWidth = skuColumnWidth(slip.lines.map((line) => textWidth(doc, line.sku, "regular")));
  const columns = [
    { title: "SKU", x: MARGIN, w: skuWidth },
    { title: "Item", x: MARGIN + skuWidth + 5, w: 365 - skuWidth },
    { title: "Ordered", x: MARGIN + 375, w: 55 },
    { title: "To send", x: MARGIN + 435, w: 60 },
  ];
  /** A SKU on one line, without a width to wrap in, at the size that fits its column. */
  const whole = (sku: string, y: number) => {
    const size = Math.min(LINE_SIZE, (LINE_SIZE * skuWidth) / Math.max(1, textWidth(doc, sku, "regular")));
    doc.fontSize(size);
    // Baselines meet: a smaller size starts lower by the difference in ascent (about 0.93 em in DejaVu Sans).
    write(sku, "regular", MARGIN, y + (LINE_SIZE - size) * 0.93, { lineBreak: false });
    doc.fontSize(LINE_SIZE);
    return y + doc.currentLineHeight(true);
  };
  const row = (cells: string[], weight: "regular" | "bold", skuFirst: boolean) => {
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, i) => {
      if (i === 0 && skuFirst) bottom = Math.max(bottom, whole(cell, y));
      else write(cell, weight, columns[i].x, y, { width: columns[i].w });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  doc.fontSize(9).fillColor(GREY);
  row(
    columns.map((c) => c.title),
    "bold",
    false,
  );
  doc.fontSize(LINE_SIZE).fillColor("#000000");
  for (const line of slip.lines) {
    if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
    const item = line.options ? `${line.name}\n${line.options}` : line.name;
    row([line.sku, item, String(line.quantity), String(line.toShip)], "regular", true);
  }
  doc.moveDown();
  if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
  doc.fontSize(9).fillColor(GREY);
  write("Returns", "regular", MARGIN, undefined, { width });
  doc.fontSize(10).fillColor("#000000");
  for (const line of returnLines(slip)) write(line, "regular", MARGIN, undefined, { width });
  return pdfToBuffer(doc);
}
