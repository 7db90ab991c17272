// The three distributors' report layouts, each recognised by the columns it needs wherever they
// stand, and the reading of one line into the fields royalty_lines keeps (docs/product.md,
// "Importing distributor reports"; docs/decisions/038-real-exports-and-bounded-imports.md).
import { LABEL_CURRENCY, normalizeIsrc, normalizeUpc } from "@shared/royalty-codes";
import { IMPORT_BOUNDS, ROYALTY_FORMAT_NAMES, wholeDigits, type RoyaltyFormat } from "@shared/royalty-imports";
import { HttpError } from "../../lib/http-error";

/** What a line is read into; each needs one of its column names in the header. */
type NeededField =
  "reportedOn" | "saleMonth" | "store" | "country" | "quantity" | "isrc" | "upc" | "title" | "artist" | "amount";
/**
 * A report's own currency (needed by a format that declares it: its amounts are in it), and what
 * its net sales were in (read when the header has them).
 */
type OptionalField = "currency" | "netSalesCurrency" | "exchangeRate";
export type Field = NeededField | OptionalField;

/**
 * A field's column names, as distributors have named it over the years. When a header has
 * several, a line is read from the first of them it fills (TuneCore's `Optional UPC`, else its
 * `UPC`; CD Baby's `Track Name`, else its `Album Name` on an album's line).
 */
type Names = readonly [string, ...string[]];

export interface FormatSpec {
  format: RoyaltyFormat;
  /** TSV formats never quote (a tab cannot occur in a field); CSV ones follow RFC 4180. */
  separator: "\t" | ",";
  columns: Record<NeededField, Names>;
  /** `currency` absent: the format is always in the label's currency. */
  optional: Partial<Record<OptionalField, Names>>;
  /** The report date's layout, for the error a bad one gets. */
  dateLayout: string;
  readDate(value: string): string | null;
  readSaleMonth(value: string): string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})(?: \d{1,2}:\d{2}:\d{2} ?[AP]M)?$/;
/**
 * Report dates from 1900 to 9999: PostgreSQL has no year 0, and JavaScript's Date.UTC reads
 * the years 0 to 99 as 1900 to 1999, so earlier "dates" would be refused or misread downstream.
 */
const FIRST_YEAR = 1900;

function validDay(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < FIRST_YEAR || m < 1 || m > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth ? `${year}-${month}-${day}` : null;
}

const readIsoDate = (value: string) => {
  const m = ISO_DATE.exec(value);
  return m && validDay(m[1], m[2], m[3]);
};

export const FORMATS: readonly FormatSpec[] = [
  {
    format: "distrokid",
    separator: "\t",
    columns: {
      reportedOn: ["Reporting Date"],
      saleMonth: ["Sale Month"],
      store: ["Store"],
      country: ["Country of Sale"],
      quantity: ["Quantity"],
      isrc: ["ISRC"],
      upc: ["UPC"],
      title: ["Title"],
      artist: ["Artist"],
      amount: ["Earnings (USD)"],
    },
    optional: {},
    dateLayout: "YYYY-MM-DD",
    readDate: readIsoDate,
    readSaleMonth: (value) => value,
  },
  {
    format: "cdbaby",
    separator: "\t",
    columns: {
      reportedOn: ["Report Date"],
      saleMonth: ["Sales Date"],
      store: ["Partner", "Partner Name"],
      country: ["Country", "Delivery Country"],
      quantity: ["Quantity"],
      isrc: ["Isrc"],
      upc: ["Upc", "Barcode"],
      title: ["Track Name", "Album Name"],
      artist: ["Artist Name"],
      amount: ["Subtotal"],
    },
    optional: {},
    dateLayout: "MM/DD/YYYY hh:mm:ss AM",
    readDate: (value) => {
      const m = US_DATE.exec(value);
      return m && validDay(m[3], m[1], m[2]);
    },
    // "01/01/2026 12:00:00 AM" → "2026-01", as the other reports write a sale month.
    readSaleMonth: (value) => {
      const m = US_DATE.exec(value);
      return m ? `${m[3]}-${m[1]}` : value;
    },
  },
  {
    format: "tunecore",
    separator: ",",
    columns: {
      reportedOn: ["Posted Date"],
      saleMonth: ["Sales Period"],
      store: ["Store Name"],
      country: ["Country Of Sale"],
      quantity: ["Units Sold", "# Units Sold"],
      isrc: ["Optional ISRC"],
      upc: ["Optional UPC", "UPC"],
      title: ["Song Title", "Release Title"],
      artist: ["Artist"],
      // In `Currency`, the account's; the sale itself may have been in another (`Net Sales Currency`).
      amount: ["Total Earned"],
    },
    optional: { currency: ["Currency"], netSalesCurrency: ["Net Sales Currency"], exchangeRate: ["Exchange Rate"] },
    dateLayout: "YYYY-MM-DD",
    readDate: readIsoDate,
    // The newer layout writes the period's first day ("2026-01-01"); the month is what is kept.
    readSaleMonth: (value) => (ISO_DATE.test(value) ? value.slice(0, 7) : value),
  },
];

const describeColumns = (spec: FormatSpec) =>
  [...Object.values(spec.columns), ...(spec.optional.currency ? [spec.optional.currency] : [])]
    .map((names) => names.join(" or "))
    .join(", ");

/** The 400 for a header row no format has: what each format expects. */
export function unknownHeaderError(): HttpError {
  const expected = FORMATS.map(
    (spec) => `a ${ROYALTY_FORMAT_NAMES[spec.format]} report has ${describeColumns(spec)}`,
  ).join("; ");
  return HttpError.badRequest(
    `This file's header row is not one we know: ${expected} (in any order, other columns aside).`,
  );
}

/** Where each field's columns are in this header, in the order they are read; [] for none. */
export type ColumnIndexes = Record<Field, number[]>;

/** The header's names, for the errors that name a column. */
export interface Recognised {
  spec: FormatSpec;
  at: ColumnIndexes;
  header: string[];
}

/** The format whose every needed field the header has a column for, wherever; undefined for none. */
export function recognise(header: string[]): Recognised | undefined {
  const names = header.map((name) => name.trim().toLowerCase());
  const positions = (candidates: Names | undefined) =>
    (candidates ?? []).map((name) => names.indexOf(name.toLowerCase())).filter((index) => index >= 0);
  for (const spec of FORMATS) {
    const at = {} as ColumnIndexes;
    let complete = true;
    for (const [field, candidates] of Object.entries(spec.columns) as [NeededField, Names][]) {
      at[field] = positions(candidates);
      if (at[field].length === 0) complete = false;
    }
    for (const field of ["currency", "netSalesCurrency", "exchangeRate"] as const) {
      at[field] = positions(spec.optional[field]);
    }
    if (spec.optional.currency && at.currency.length === 0) complete = false;
    if (!complete) continue;
    return { spec, at, header: header.map((name) => name.trim()) };
  }
  return undefined;
}

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
      throw HttpError.badRequest(`Line ${line} has ${fields.length} columns; the header row has at least ${width}`);
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
        throw HttpError.badRequest(`Line ${line}, column "${column}" holds a NUL byte, which is not text`);
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
