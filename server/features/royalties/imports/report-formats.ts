// The three distributors' report layouts, each recognised by the columns it needs wherever they
// stand (docs/product.md, "Importing distributor reports";
// docs/decisions/038-real-exports-and-bounded-imports.md). line-reader.ts reads their lines.
import { ROYALTY_FORMAT_NAMES, type RoyaltyFormat } from "@shared/royalty-imports";
import { HttpError } from "../../../lib/http-error";

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
export const FIRST_YEAR = 1900;

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
    "This file is not a report we can read: its first row should name the columns of one, as " +
      `${expected} (in any order, other columns aside).`,
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
