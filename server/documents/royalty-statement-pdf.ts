import PDFDocument from "pdfkit";
import { pdfToBuffer } from "./pdf";
import { documentText } from "./pdf-fonts";
import type { RoyaltyStatementDocument } from "./royalty-statement";

const MARGIN = 50;
const GREY = "#52525b";

/**
 * A payee's statement on A4: the summary (opening, earned, advances, closing, payable), then
 * earnings by release and track (its rows add up to the summary's earned), by store and country,
 * and the top tracks, as the closing computed them (statement-breakdowns.ts in the royalty
 * statements feature).
 */
export function renderRoyaltyStatementPdf(
  statement: RoyaltyStatementDocument,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const title = `Royalty statement ${statement.periodStart} to ${statement.periodEnd}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: title },
  });
  const width = doc.page.width - MARGIN * 2;
  const write = documentText(doc);
  doc.fontSize(10).fillColor(GREY);
  write(statement.labelName.toUpperCase(), "regular", undefined, undefined, { characterSpacing: 1 });
  doc.moveDown(0.5).fontSize(18).fillColor("#000000");
  write(title, "bold", undefined, undefined, { width });
  doc.fontSize(11);
  write(`${statement.payeeName} · amounts in ${statement.currency}`, "regular");
  doc.moveDown();

  const row = (cells: string[], widths: number[], weight: "regular" | "bold") => {
    if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    cells.forEach((cell, i) => {
      const last = i === cells.length - 1;
      write(cell, weight, x, y, { width: widths[i], align: last ? "right" : "left" });
      bottom = Math.max(bottom, doc.y);
      x += widths[i] + 5;
    });
    doc.x = MARGIN;
    doc.y = bottom + 3;
  };
  const section = (heading: string, header: string[], widths: number[], rows: string[][]) => {
    doc.moveDown(0.5).fontSize(13).fillColor("#000000");
    write(heading, "bold", MARGIN);
    doc.fontSize(9).fillColor(GREY);
    row(header, widths, "bold");
    doc.fontSize(10).fillColor("#000000");
    if (!rows.length) write("Nothing this period", "regular", MARGIN);
    for (const cells of rows) row(cells, widths, "regular");
  };

  const s = statement.summary;
  section(
    "Summary",
    ["", "Amount"],
    [300, 190],
    [
      ["Opening balance", s.opening],
      ["Earned", s.earned],
      ["Advances", s.advances],
      ["Closing balance", s.closing],
      ["Payable", s.payable],
    ],
  );
  section(
    "Earnings by release and track",
    ["Release", "Track", "Amount"],
    [200, 200, 85],
    statement.byTrack.map((r) => [r.release, r.track, r.amount]),
  );
  section(
    "Earnings by store and country",
    ["Store", "Country", "Amount"],
    [250, 150, 85],
    statement.byStore.map((r) => [r.store, r.country, r.amount]),
  );
  section(
    "Top tracks",
    ["Track", "Amount"],
    [400, 90],
    statement.topTracks.map((r) => [r.track, r.amount]),
  );
  return pdfToBuffer(doc);
}
