import type { Response } from "express";
import { csvCell } from "../../lib/csv";
import type { RoyaltyStatementsService } from "./royalty-statements.service";

const CSV_HEADER = [
  "Reported on",
  "Store",
  "Country",
  "Release",
  "Track",
  "ISRC",
  "UPC",
  "Quantity",
  "Currency",
  "Amount",
  "Rate",
  "Converted",
  "Share",
  "Payee amount",
];

/** A decimal as PostgreSQL writes it (or a count): written bare, so a spreadsheet reads a number. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Numbers stay numbers (-0.25, not '-0.25): only text gets the formula guard of lib/csv.ts. A
 * value that is not a plain decimal is written as guarded text all the same.
 */
function numberCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return DECIMAL.test(text) ? text : csvCell(text);
}

const csvRow = (cells: readonly string[]) => `${cells.join(",")}\r\n`;

/**
 * Writes and waits while the client reads slower than the database answers; false once the
 * client has gone, so the remaining batches are not read for nobody.
 */
async function write(res: Response, text: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(text)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off("drain", done);
        res.off("close", done);
        resolve();
      };
      res.once("drain", done);
      res.once("close", done);
    });
  }
  return !res.destroyed;
}

/**
 * A statement's lines as CSV, batch by batch as they are read. Text is formula-safe
 * (lib/csv.ts), amounts are numbers; the payee amounts are at full precision and add up to the
 * statement's earned once rounded half-up. No total row: whoever sums the column would count
 * it twice (docs/decisions/037-royalties-after-the-close.md).
 */
export async function streamStatementCsv(res: Response, service: RoyaltyStatementsService, id: string) {
  await write(res, `\uFEFF${csvRow(CSV_HEADER.map(csvCell))}`);
  for await (const batch of service.csvLines(id)) {
    const text = batch
      .map((l) =>
        csvRow([
          ...[l.reportedOn, l.store, l.country, l.release, l.track, l.isrc, l.upc].map(csvCell),
          numberCell(l.quantity),
          csvCell(l.currency),
          ...[l.amount, l.rate, l.converted, l.share, l.payeeAmount].map(numberCell),
        ]),
      )
      .join("");
    if (!(await write(res, text))) return;
  }
  res.end();
}
