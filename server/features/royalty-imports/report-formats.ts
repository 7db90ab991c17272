// The three distributors' report layouts, told apart by their header rows, and the reading of
// one line into the fields royalty_lines keeps (docs/product.md, "Importing distributor reports").
import { LABEL_CURRENCY, normalizeIsrc, normalizeUpc } from "@shared/royalty-codes";
import { ROYALTY_FORMAT_NAMES, type RoyaltyFormat } from "@shared/royalty-imports";
import { HttpError } from "../../lib/http-error";

/** The columns a line is read from; `currency` absent: the format is always in the label's currency. */
interface Columns {
  reportedOn: string;
  saleMonth: string;
  store: string;
  country: string;
  quantity: string;
  isrc: string;
  upc: string;
  title: string;
  /** Read when `title` is empty (an album's line). */
  fallbackTitle?: string;
  artist: string;
  amount: string;
  currency?: string;
}

export interface FormatSpec {
  format: RoyaltyFormat;
  /** TSV formats never quote (a tab cannot occur in a field); CSV ones follow RFC 4180. */
  separator: "\t" | ",";
  columns: Columns;
  /** The report date's layout, for the error a bad one gets. */
  dateLayout: string;
  readDate(value: string): string | null;
  readSaleMonth(value: string): string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})(?: \d{1,2}:\d{2}:\d{2} ?[AP]M)?$/;

function validDay(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1) return null;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= daysInMonth ? `${year}-${month}-${day}` : null;
}

export const FORMATS: readonly FormatSpec[] = [
  {
    format: "distrokid",
    separator: "\t",
    columns: {
      reportedOn: "Reporting Date",
      saleMonth: "Sale Month",
      store: "Store",
      country: "Country of Sale",
      quantity: "Quantity",
      isrc: "ISRC",
      upc: "UPC",
      title: "Title",
      artist: "Artist",
      amount: "Earnings (USD)",
    },
    dateLayout: "YYYY-MM-DD",
    readDate: (value) => {
      const m = ISO_DATE.exec(value);
      return m && validDay(m[1], m[2], m[3]);
    },
    readSaleMonth: (value) => value,
  },
  {
    format: "cdbaby",
    separator: "\t",
    columns: {
      reportedOn: "Report Date",
      saleMonth: "Sales Date",
      store: "Partner",
      country: "Country",
      quantity: "Quantity",
      isrc: "Isrc",
      upc: "Upc",
      title: "Track Name",
      fallbackTitle: "Album Name",
      artist: "Artist Name",
      amount: "Subtotal",
    },
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
      reportedOn: "Posted Date",
      saleMonth: "Sales Period",
      store: "Store Name",
      country: "Country Of Sale",
      quantity: "Units Sold",
      isrc: "Optional ISRC",
      upc: "Optional UPC",
      title: "Song Title",
      fallbackTitle: "Release Title",
      artist: "Artist",
      amount: "Total Earned",
      currency: "Currency",
    },
    dateLayout: "YYYY-MM-DD",
    readDate: (value) => {
      const m = ISO_DATE.exec(value);
      return m && validDay(m[1], m[2], m[3]);
    },
    readSaleMonth: (value) => value,
  },
];

const columnsOf = (spec: FormatSpec) => Object.values(spec.columns) as string[];

/** The 400 for a header row no format has: what each format expects. */
export function unknownHeaderError(): HttpError {
  const expected = FORMATS.map(
    (spec) => `a ${ROYALTY_FORMAT_NAMES[spec.format]} report has ${columnsOf(spec).join(", ")}`,
  ).join("; ");
  return HttpError.badRequest(`This file's header row is not one we know: ${expected}.`);
}

/** Where each column of a format is in this header. */
export type ColumnIndexes = { [K in keyof Columns]-?: number };

/** The format whose every column the header has, with their positions; undefined for none. */
export function recognise(header: string[]): { spec: FormatSpec; at: ColumnIndexes } | undefined {
  const names = header.map((name) => name.trim().toLowerCase());
  for (const spec of FORMATS) {
    const at = {} as Record<string, number>;
    let complete = true;
    for (const [key, column] of Object.entries(spec.columns)) {
      const index = names.indexOf(column.toLowerCase());
      if (index < 0) complete = false;
      at[key] = index;
    }
    if (complete) return { spec, at: { fallbackTitle: -1, currency: -1, ...at } as ColumnIndexes };
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
  /** Exactly as reported: a decimal with at most six decimals. */
  amount: string;
}

const AMOUNT = /^-?\d{1,14}(\.\d{1,6})?$/;
const QUANTITY = /^-?\d{1,9}$/;
const PLAIN_ISRC = /^[A-Z0-9]{12}$/;
const PLAIN_UPC = /^\d{12,13}$/;

function lineError(line: number, column: string, value: string, what: string) {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return HttpError.badRequest(`Line ${line}, column "${column}": "${shown}" is not ${what}`);
}

/**
 * Reads lines of one format. Dates repeat on every line of a report, so each distinct date is
 * checked once; codes already in their normal form skip the normalisation.
 */
export function createLineReader(spec: FormatSpec, at: ColumnIndexes) {
  const { columns } = spec;
  const dates = new Map<string, string>();
  const width = Math.max(...Object.values(at)) + 1;
  const text = (value: string | undefined) => {
    if (value === undefined) return null;
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed;
  };

  return (fields: string[], line: number): ReportLine => {
    if (fields.length < width) {
      throw HttpError.badRequest(`Line ${line} has ${fields.length} columns; the header row has at least ${width}`);
    }
    const rawDate = fields[at.reportedOn].trim();
    let reportedOn = dates.get(rawDate);
    if (reportedOn === undefined) {
      const read = spec.readDate(rawDate);
      if (read === null) throw lineError(line, columns.reportedOn, rawDate, `a date (${spec.dateLayout})`);
      if (dates.size > 1000) dates.clear();
      dates.set(rawDate, read);
      reportedOn = read;
    }
    const amount = fields[at.amount].trim();
    if (!AMOUNT.test(amount)) throw lineError(line, columns.amount, amount, "an amount with at most 6 decimals");
    const quantityText = fields[at.quantity].trim();
    let quantity: number | null = null;
    if (quantityText !== "") {
      if (!QUANTITY.test(quantityText)) throw lineError(line, columns.quantity, quantityText, "a whole number");
      quantity = Number(quantityText);
    }
    let currency = LABEL_CURRENCY;
    if (at.currency >= 0) {
      currency = fields[at.currency].trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(currency)) throw lineError(line, columns.currency!, currency, "a currency code");
    }
    const isrcText = fields[at.isrc].trim();
    const upcText = fields[at.upc].trim();
    const saleMonth = text(fields[at.saleMonth]);
    return {
      reportedOn,
      saleMonth: saleMonth && spec.readSaleMonth(saleMonth),
      store: text(fields[at.store]),
      country: text(fields[at.country]),
      quantity,
      isrc: isrcText === "" ? null : PLAIN_ISRC.test(isrcText) ? isrcText : normalizeIsrc(isrcText) || null,
      upc: upcText === "" ? null : PLAIN_UPC.test(upcText) ? upcText : normalizeUpc(upcText) || null,
      title: text(fields[at.title]) ?? (at.fallbackTitle >= 0 ? text(fields[at.fallbackTitle]) : null),
      artist: text(fields[at.artist]),
      currency,
      amount,
    };
  };
}
