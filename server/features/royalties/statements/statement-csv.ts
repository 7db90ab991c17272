import type { Response } from "express";
import { csvCell, type CsvCell } from "../../../lib/csv";
import type { StatementCsvLine } from "./statement-files.repository";

export const CSV_HEADER = [
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

/** A decimal the database wrote ("-0.25"): a number, so no formula guard, and nothing to quote. */
interface Decimal {
  decimal: string;
}
const DECIMAL = /^-?\d+(\.\d+)?$/;
const decimal = (text: string): Decimal => {
  if (!DECIMAL.test(text)) throw new Error(`Not a decimal: ${text}`);
  return { decimal: text };
};

/** Free text gets lib/csv.ts's formula guard; amounts are written as the numbers they are. */
const csvRow = (cells: readonly (CsvCell | Decimal)[]) =>
  `${cells.map((cell) => (cell !== null && typeof cell === "object" ? cell.decimal : csvCell(cell))).join(",")}\r\n`;

/**
 * Writes and waits while the client reads slower than the database answers; false once the
 * client has gone, so the remaining batches are not read for nobody. One "drain" listener for
 * the whole download: the compression middleware passes "drain" listeners on to its stream
 * but not their removal, so one added per batch would pile up there.
 */
function writerOf(res: Response) {
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  res.on("drain", resume);
  res.once("close", resume);
  return async (text: string): Promise<boolean> => {
    if (res.destroyed) return false;
    if (!res.write(text)) await new Promise<void>((resolve) => (wake = resolve));
    return !res.destroyed;
  };
}

/**
 * A statement's lines as CSV, batch by batch as they are read: text formula-safe (lib/csv.ts),
 * amounts as plain numbers. No total row: adding up the payee amount column, as a spreadsheet
 * or a CSV reader would, gives the statement's earned at full precision (rounded half-up to the
 * cent, it is the statement's earned); a total row would count it twice.
 */
export async function streamStatementCsv(res: Response, batches: AsyncIterable<StatementCsvLine[]>) {
  const write = writerOf(res);
  await write(`\uFEFF${csvRow(CSV_HEADER)}`);
  for await (const batch of batches) {
    const text = batch
      .map((l) =>
        csvRow([
          l.reportedOn,
          l.store,
          l.country,
          l.release,
          l.track,
          l.isrc,
          l.upc,
          l.quantity,
          l.currency,
          decimal(l.amount),
          decimal(l.rate),
          decimal(l.converted),
          decimal(l.share),
          decimal(l.payeeAmount),
        ]),
      )
      .join("");
    if (!(await write(text))) return;
  }
  res.end();
}
