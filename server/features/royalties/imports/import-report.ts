// Importing a distributor's report as it uploads: busboy hands over the file part as a stream,
// it is hashed and read as it arrives, and its lines are matched against the catalogue and
// COPYed into royalty_lines in one transaction (docs/decisions/034-streamed-royalty-imports.md).
import type { Readable } from "node:stream";
import type { Request } from "express";
import type pg from "pg";
import { LABEL_CURRENCY } from "@shared/royalty-codes";
import { IMPORT_BOUNDS, type ImportRates, type ImportResult, type RoyaltyFormat } from "@shared/royalty-imports";
import { formatDecimal, MicroSum, multiplyDecimal, parseDecimal, rescale } from "../../../lib/decimal";
import { HttpError } from "../../../lib/http-error";
import type { Logger } from "../../../lib/logger";
import { isUniqueViolation } from "../../../lib/pg-errors";
import { createContentHash } from "./content-hash";
import { copyText, ImportRemovedError, openLineCopy } from "./line-copy";
import { createLineReader, type ReportLine } from "./line-reader";
import { createTsvCopier } from "./tsv-copy";
import { receiveReport, type Upload } from "./report-upload";
import { missingRatesMessage } from "./rate-words";
import { readReport } from "./report-reader";
import type { Database } from "../../../db/database";
import {
  createImportRow,
  deleteImport,
  importedOn,
  markFailed,
  readCatalogueCodes,
  recordProgress,
} from "./imports.repository";

const PROGRESS_EVERY_MS = 1000;
/** Totals are added at this scale: six decimals of an amount and ten of a rate. */
const TOTAL_SCALE = 16;

export interface ImportDeps {
  db: Database;
  pool: pg.Pool;
  logger: Logger;
  /** The label's zone, for the day a refused duplicate names. */
  timeZone: string;
}

/** The sum of converted amounts: the label's own currency as reported, each other at its rate. */
function convertedSum(sums: Map<string, MicroSum>, rates: ImportRates): bigint {
  let total = 0n;
  for (const [currency, sum] of sums) {
    const amount = sum.value();
    const rate = parseDecimal(currency === LABEL_CURRENCY ? "1" : rates[currency]);
    total += rescale({ digits: amount.digits * rate.digits, scale: amount.scale + rate.scale }, TOTAL_SCALE);
  }
  return total;
}

/**
 * What an import's lines may add up to, their sizes counted (a refund too): any payee's share
 * of one import then fits a statement figure (numeric(14,2)), rounded to cents or not.
 */
const LARGEST_TOTAL = rescale(parseDecimal(IMPORT_BOUNDS.largestTotal.replaceAll(",", "")), TOTAL_SCALE);

/** The day a refused duplicate names, in the label's zone. */
const dayOf = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(date);

/** POST /api/royalty-imports: the multipart request, `rates` then `file`. */
export function importReport(deps: ImportDeps, req: Request, createdBy: string): Promise<ImportResult> {
  return receiveReport(req, (upload) => importFile(deps, upload.file, upload.name, { ...upload, createdBy }));
}

async function importFile(
  deps: ImportDeps,
  file: Readable,
  fileName: string,
  options: Pick<Upload, "rates" | "bytesTotal" | "requestRead"> & { createdBy: string },
): Promise<ImportResult> {
  const { db, pool, logger, timeZone } = deps;
  const rates = options.rates();
  // The catalogue is read while the import's row is written: an import's own fixed costs count
  // for a small report (docs/decisions/045-royalties-as-one-room.md).
  const catalogue = readCatalogueCodes(db);
  catalogue.catch(() => undefined);
  const id = await createImportRow(db, {
    fileName: fileName || "report",
    bytesTotal: options.bytesTotal,
    rates,
    createdBy: options.createdBy,
  });
  const hash = createContentHash();
  let bytesRead = 0;
  let format: RoyaltyFormat | undefined;
  const counts = { lines: 0, matched: 0 };
  const sums = new Map<string, MicroSum>([[LABEL_CURRENCY, new MicroSum()]]);
  /** Each currency's lines' sizes (refunds counted as amounts too), for the import's bound. */
  const sizes = new Map<string, MicroSum>([[LABEL_CURRENCY, new MicroSum()]]);
  let withExchange = false;
  const missing = new Set<string>();
  let copy: Awaited<ReturnType<typeof openLineCopy>> | undefined;
  // Progress goes to the row from another connection, at most once a second.
  let reporting: Promise<void> | undefined;
  const timer = setInterval(() => {
    reporting ??= recordProgress(db, id, { format, bytesRead, lines: counts.lines })
      .catch((error: unknown) => logger.warn({ err: error }, "could not record an import's progress"))
      .finally(() => (reporting = undefined));
  }, PROGRESS_EVERY_MS);
  const stopReporting = async () => {
    clearInterval(timer);
    await reporting;
  };

  try {
    const { trackByIsrc, releaseByUpc } = await catalogue;
    async function* hashed() {
      for await (const chunk of file as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytesRead += chunk.length;
        yield chunk;
      }
    }
    const prefix = `${id}\t`;
    /** A line's COPY row (matched, converted, added to the sums), or null for a currency without a rate. */
    const rowOf = (line: ReportLine): string | null => {
      let rate = "1";
      let converted = line.amount;
      if (line.currency !== LABEL_CURRENCY) {
        const given = rates[line.currency];
        if (given === undefined) {
          missing.add(line.currency);
          return null;
        }
        rate = given;
        converted = multiplyDecimal(line.amount, given);
      }
      let sum = sums.get(line.currency);
      if (!sum) sums.set(line.currency, (sum = new MicroSum()));
      sum.add(line.amount);
      let size = sizes.get(line.currency);
      if (!size) sizes.set(line.currency, (size = new MicroSum()));
      size.add(line.amount.replace(/^-/, ""));
      const trackId = line.isrc === null ? undefined : trackByIsrc.get(line.isrc);
      const releaseId = trackId || line.upc === null ? undefined : releaseByUpc.get(line.upc);
      if (trackId || releaseId) counts.matched++;
      return (
        prefix +
        [
          line.reportedOn,
          copyText(line.saleMonth),
          copyText(line.store),
          copyText(line.country),
          line.quantity === null ? "\\N" : String(line.quantity),
          copyText(line.isrc),
          copyText(line.upc),
          copyText(line.title),
          copyText(line.artist),
          line.currency,
          line.amount,
          rate,
          converted,
          trackId ?? "\\N",
          releaseId ?? "\\N",
          ...(withExchange ? [copyText(line.netSalesCurrency ?? null), line.exchangeRate ?? "\\N"] : []),
        ].join("\t") +
        "\n"
      );
    };
    let lineCopy: Awaited<ReturnType<typeof openLineCopy>> | undefined;
    await readReport(hashed(), {
      async onFormat({ spec, at }) {
        format = spec.format;
        withExchange = at.netSalesCurrency.length > 0 || at.exchangeRate.length > 0;
        lineCopy = copy = await openLineCopy(pool, id, withExchange);
      },
      async onLines(batch: ReportLine[]) {
        let out = "";
        for (const line of batch) out += rowOf(line) ?? "";
        counts.lines += batch.length;
        if (missing.size === 0) await lineCopy!.write(out);
      },
      // Reports always in the label's currency take the fast path (tsv-copy.ts).
      tsvBytes(recognised) {
        if (recognised.spec.optional.currency) return undefined;
        const readLine = createLineReader(recognised);
        const copier = createTsvCopier({
          recognised,
          prefix,
          trackByIsrc,
          releaseByUpc,
          sum: sums.get(LABEL_CURRENCY)!,
          sizes: sizes.get(LABEL_CURRENCY)!,
          counts,
          slowLine: (fields, line) => rowOf(readLine(fields, line)) ?? "",
        });
        return async (buf, from, to, line) => {
          const converted = copier.convert(buf, from, to, line);
          for (const rows of converted.rows) await lineCopy!.write(rows);
          return converted.line;
        };
      },
    });
    // Rates sent after the file are refused, so the whole request is read before committing.
    await options.requestRead();
    if (missing.size > 0) {
      const codes = [...missing].sort();
      const message = missingRatesMessage(codes);
      throw HttpError.badRequest(message, { rates: [message] });
    }
    if (!format || !copy) throw HttpError.badRequest("The file is empty");
    if (convertedSum(sizes, rates) > LARGEST_TOTAL) {
      throw HttpError.badRequest(
        `This report's lines add up to more than ${IMPORT_BOUNDS.largestTotal} ${LABEL_CURRENCY} ` +
          "(refunds counted as amounts too), more than a statement can hold: is this the right file?",
      );
    }
    await stopReporting();
    const result = {
      format,
      lines: counts.lines,
      matched: counts.matched,
      unmatched: counts.lines - counts.matched,
      total: formatDecimal({ digits: convertedSum(sums, rates), scale: TOTAL_SCALE }, 2),
    };
    const contentHash = hash.digest();
    try {
      await copy.finish({ ...result, contentHash, bytesRead });
    } catch (error) {
      if (error instanceof ImportRemovedError)
        throw HttpError.conflict("The import was removed while it was being read, so nothing was added");
      if (!isUniqueViolation(error, "royalty_imports_hash_idx")) throw error;
      const on = await importedOn(db, contentHash);
      // A refused duplicate leaves no row: the list shows the import that was kept.
      await deleteImport(db, id);
      throw HttpError.conflict(`This file was already imported on ${on ? dayOf(on, timeZone) : "an earlier day"}`);
    }
    return { id, ...result };
  } catch (error) {
    copy?.abort();
    await stopReporting();
    if (!(error instanceof HttpError && error.status === 409)) {
      if (!(error instanceof HttpError)) logger.error({ err: error, importId: id }, "royalty import failed");
      const message = error instanceof HttpError ? error.message : "The import stopped on an error; nothing was added";
      await markFailed(db, id, message, format).catch(() => undefined);
    }
    throw error;
  }
}
