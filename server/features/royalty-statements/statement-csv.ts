import type { Response } from "express";
import { csvCell, type CsvCell } from "../../lib/csv";
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

const csvRow = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(",")}\r\n`;

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
 * A statement's lines as CSV, formula-safe (lib/csv.ts), batch by batch as they are read, and a
 * total row at full precision: its amount rounded half-up is the statement's earned.
 */
export async function streamStatementCsv(res: Response, service: RoyaltyStatementsService, id: string) {
  await write(res, `\uFEFF${csvRow(CSV_HEADER)}`);
  for await (const batch of service.csvLines(id)) {
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
          l.amount,
          l.rate,
          l.converted,
          l.share,
          l.payeeAmount,
        ]),
      )
      .join("");
    if (!(await write(res, text))) return;
  }
  const total = await service.csvTotal(id);
  res.end(csvRow(["Total", null, null, null, null, null, null, null, null, null, null, null, null, total]));
}
