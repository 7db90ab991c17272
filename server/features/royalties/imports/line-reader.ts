// The reading of one report line into the fields royalty_lines keeps, with the bounds that keep
// every statement figure within its column (docs/decisions/038-real-exports-and-bounded-imports.md).
import { LABEL_CURRENCY, normalizeIsrc, normalizeUpc } from "@shared/royalty-codes";
import { IMPORT_BOUNDS, wholeDigits } from "@shared/royalty-imports";
import { HttpError } from "../../../lib/http-error";
import { FIRST_YEAR, type Field, type Recognised } from "./report-formats";

/** One report line as royalty_lines keeps it (before its rate and match). */
export interface ReportLine {
  reportedOn: string;
  saleMonth: string | null;
  store: string | null;
  country: string | null;
  quantity: number | null;
  isrc: string | null;
  upc: string | null;
  title: string | null;
  artist: string | null;
  currency: string;
  /** Exactly as reported: a decimal with at most six decimals, below 10^9 in size. */
  amount: string;
  /** TuneCore's newer layout: the currency the sale was in, and its rate to `currency`. */
  netSalesCurrency?: string | null;
  exchangeRate?: string | null;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const QUANTITY = /^-?\d{1,9}$/;
const PLAIN_ISRC = /^[A-Z0-9]{12}$/;
const PLAIN_UPC = /^\d{12,13}$/;
const CURRENCY = /^[A-Z]{3}$/;

function lineError(line: number, column: string, value: string, what: string) {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return HttpError.badRequest(`Line ${line}, column "${column}": "${shown}" is not ${what}`);
}

/** An amount's text, or the error naming why it is not one a statement can hold. */
function amountProblem(value: string): string | undefined {
  if (!DECIMAL.test(value)) return "an amount with at most 6 decimals";
  const dot = value.indexOf(".");
  if (dot >= 0 && value.length - dot - 1 > 6) return "an amount with at most 6 decimals";
  if (wholeDigits(value) > IMPORT_BOUNDS.amountDigits)
    return `an amount a statement can hold (at most ${IMPORT_BOUNDS.largestAmount} either way)`;
  return undefined;
}

/** A line's exchange rate: kept, not used, so 0 (a sale of nothing) is let through; its size is bounded. */
function rateProblem(value: string): string | undefined {
  if (!/^\d+(\.\d{1,10})?$/.test(value)) return "a rate (a number with at most 10 decimals)";
  if (wholeDigits(value) > IMPORT_BOUNDS.rateDigits) return `a rate of at most ${IMPORT_BOUNDS.largestRate}`;
  return undefined;
}

/**
 * Reads lines of one format. Dates repeat on every line of a report, so each distinct date is
 * checked once; codes already in their normal form skip the normalisation.
 */
export function createLineReader({ spec, at, header }: Recognised) {
  const dates = new Map<string, string>();
  const width = Math.max(...Object.values(at).flat()) + 1;

  return (fields: string[], line: number): ReportLine => {
    if (fields.length < width) {
      throw HttpError.badRequest(
        `Line ${line} has ${fields.length} columns, fewer than the ${width} the header row names: is the line cut short?`,
      );
    }
    /** The field's value (trimmed) from the first of its columns the line fills, and that column's name. */
    const read = (field: Field): { value: string; column: string } => {
      const candidates = at[field];
      let index = candidates[0];
      let value = "";
      for (const candidate of candidates) {
        value = fields[candidate].trim();
        index = candidate;
        if (value !== "") break;
      }
      const column = header[index] ?? field;
      // PostgreSQL's text cannot hold a NUL byte: the line is refused rather than the import failing later.
      if (value.includes("\u0000"))
        throw HttpError.badRequest(
          `Line ${line}, column "${column}" holds a character that is not text (a NUL byte): is this the right file?`,
        );
      return { value, column };
    };
    const text = (field: Field) => read(field).value || null;

    const date = read("reportedOn");
    let reportedOn = dates.get(date.value);
    if (reportedOn === undefined) {
      const day = spec.readDate(date.value);
      if (day === null)
        throw lineError(line, date.column, date.value, `a date (${spec.dateLayout}) from ${FIRST_YEAR} to 9999`);
      if (dates.size > 1000) dates.clear();
      dates.set(date.value, day);
      reportedOn = day;
    }
    const amount = read("amount");
    const amountError = amountProblem(amount.value);
    if (amountError) throw lineError(line, amount.column, amount.value, amountError);
    const quantityText = read("quantity");
    let quantity: number | null = null;
    if (quantityText.value !== "") {
      if (!QUANTITY.test(quantityText.value))
        throw lineError(line, quantityText.column, quantityText.value, "a whole number");
      quantity = Number(quantityText.value);
    }
    let currency = LABEL_CURRENCY;
    if (at.currency.length > 0) {
      const given = read("currency");
      currency = given.value.toUpperCase();
      if (!CURRENCY.test(currency)) throw lineError(line, given.column, given.value, "a currency code");
    }
    const isrcText = text("isrc");
    const upcText = text("upc");
    const saleMonth = text("saleMonth");
    const result: ReportLine = {
      reportedOn,
      saleMonth: saleMonth && spec.readSaleMonth(saleMonth),
      store: text("store"),
      country: text("country"),
      quantity,
      isrc: isrcText === null ? null : PLAIN_ISRC.test(isrcText) ? isrcText : normalizeIsrc(isrcText) || null,
      upc: upcText === null ? null : PLAIN_UPC.test(upcText) ? upcText : normalizeUpc(upcText) || null,
      title: text("title"),
      artist: text("artist"),
      currency,
      amount: amount.value,
    };
    if (at.netSalesCurrency.length > 0 || at.exchangeRate.length > 0) {
      result.netSalesCurrency = null;
      result.exchangeRate = null;
      if (at.netSalesCurrency.length > 0) {
        const sold = read("netSalesCurrency");
        const code = sold.value.toUpperCase();
        if (code !== "" && !CURRENCY.test(code)) throw lineError(line, sold.column, sold.value, "a currency code");
        result.netSalesCurrency = code || null;
      }
      if (at.exchangeRate.length > 0) {
        const rate = read("exchangeRate");
        const rateError = rate.value === "" ? undefined : rateProblem(rate.value);
        if (rateError) throw lineError(line, rate.column, rate.value, rateError);
        result.exchangeRate = rate.value || null;
      }
    }
    return result;
  };
}
