import PDFDocument from "pdfkit";
import { formatMoneyIn } from "@shared/formats";
import { countryName } from "@shared/shipping";
import { pdfToBuffer } from "./pdf";
import { documentText, textWidth } from "./pdf-fonts";
import type { RoyaltyStatementDocument } from "./royalty-statement";
import { currencyName, statementDay, statementSummary, statementTitle } from "./royalty-statement-summary";

const MARGIN = 50;
const GREY = "#52525b";
/** The title's size: as large as fits its period on one line, within these. */
const TITLE_SIZE = { most: 18, least: 13 };

/** A report's country code in words ("JP" → "Japan"); anything else ("Worldwide") as it came. */
const countryOf = (code: string) => countryName(code.trim().toUpperCase()) ?? code;

/**
 * A payee's statement on A4, titled with its period in words and dated: the summary (opening,
 * earned, the advance recouped as a deduction, closing, payable now, and what is carried), what
 * each source earned (distributors, the label store, the platform's own income), then
 * earnings by release and track (its rows add up to the summary's earned), by store and country,
 * and the top tracks, as the closing computed them (statement-breakdowns.ts in the royalty
 * statements feature).
 */
export function renderRoyaltyStatementPdf(
  statement: RoyaltyStatementDocument,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const title = statementTitle(statement);
  const money = (value: string) => formatMoneyIn(value, statement.currency);
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
  doc.moveDown(0.5).fontSize(TITLE_SIZE.most).fillColor("#000000");
  // A period that spans two years makes a long title: set smaller rather than split its dates.
  const fits = (TITLE_SIZE.most * width) / Math.max(1, textWidth(doc, title, "bold"));
  doc.fontSize(Math.max(TITLE_SIZE.least, Math.min(TITLE_SIZE.most, Math.floor(fits * 10) / 10)));
  write(title, "bold", undefined, undefined, { width });
  doc.fontSize(11);
  write(`Payee: ${statement.payeeName}`, "regular");
  write(`Statement date: ${statementDay(statement)}`, "regular");
  doc.fillColor(GREY);
  write(`Amounts in ${currencyName(statement.currency)}`, "regular");
  doc.fillColor("#000000");
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

  const summary = statementSummary(statement);
  doc.moveDown(0.5).fontSize(13);
  write("Summary", "bold", MARGIN);
  doc.fontSize(10);
  for (const line of summary.rows) row([line.label, line.amount], [300, 190], line.bold ? "bold" : "regular");
  if (summary.note) {
    doc.fillColor(GREY);
    write(summary.note, "regular", MARGIN, doc.y + 2, { width });
    doc.fillColor("#000000");
  }
  // Where the earned came from (distributors, the label's own store…): its rows add up to it.
  if (statement.bySource?.length)
    section(
      "Earned by source",
      ["Source", "Amount"],
      [400, 90],
      statement.bySource.map((r) => [r.label, money(r.amount)]),
    );
  section(
    "Earnings by release and track",
    ["Release", "Track", "Amount"],
    [200, 200, 85],
    statement.byTrack.map((r) => [r.release, r.track, money(r.amount)]),
  );
  section(
    "Earnings by store and country",
    ["Store", "Country", "Amount"],
    [250, 150, 85],
    statement.byStore.map((r) => [r.store, countryOf(r.country), money(r.amount)]),
  );
  section(
    "Top tracks",
    ["Track", "Amount"],
    [400, 90],
    statement.topTracks.map((r) => [r.track, money(r.amount)]),
  );
  return pdfToBuffer(doc);
}
