// How the shop's and the royalties' e-mails and PDFs write money, percentages, an item's
// variant and a statement's file name (docs/decisions/048-documents-that-read-right.md). Days
// and spans of days are written by shared/dates.ts (formatDay, formatDayRange); whole-cent
// amounts by formatMoney in shared/money.ts, which these build on.
import { formatMoney, fromCents, toCents } from "./money";
import { slugify } from "./slugs";

/** The minus sign (U+2212) a document writes before a negative amount or a deduction. */
const MINUS = "\u2212";

/** "-375" → "−$375.00", "625" → "$625.00": a whole-cent amount whose minus reads as one. */
export function formatSignedMoney(value: string | number): string {
  const text = formatMoney(value);
  return text.startsWith("-") ? `${MINUS}${text.slice(1)}` : text;
}

/**
 * An amount taken off a balance: "1000" → "−$1,000.00". Nothing taken is "$0.00"; a negative
 * deduction (an advance given back) adds, "+$5.00".
 */
export function formatDeduction(value: string | number): string {
  const cents = toCents(value);
  if (cents === 0) return formatMoney(0);
  return `${cents > 0 ? MINUS : "+"}${formatMoney(fromCents(Math.abs(cents)))}`;
}

/**
 * A whole-cent amount in the statement's currency: "$1,234.50" for US dollars (the label's),
 * else the digits and the code ("1,234.50 EUR"), negatives with a minus sign.
 */
export function formatMoneyIn(value: string | number, currency: string): string {
  const dollars = formatSignedMoney(value);
  if (currency.toUpperCase() === "USD") return dollars;
  return `${dollars.replace("$", "")} ${currency.toUpperCase()}`;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A report line's own amount as the distributor sent it, sub-cent digits kept: "80.101812" →
 * "$80.101812", "20.930000" → "$20.93" (at least cents, no trailing zeros past them). Only where
 * a line's own amount is shown, and labelled as not yet rounded; every total is whole cents
 * (docs/decisions/033-royalty-money-rules.md). Text that is no decimal is shown as it is.
 */
export function formatReportAmount(amount: string): string {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return amount;
  const [, minus, whole, fraction = ""] = match;
  const digits = fraction.replace(/0+$/, "").padEnd(2, "0");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${minus ?? ""}$${grouped}.${digits}`;
}

const percentNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

/**
 * A percentage in percent units: "20" or "20.000" → "20%", "12.50" → "12.5%", 8.875 → "8.875%";
 * no space before the sign, no needless decimals. A decimal string keeps every digit it has
 * (a number at most three decimals); other text is shown as it is.
 */
export function formatPercent(value: string | number): string {
  if (typeof value === "number") return Number.isFinite(value) ? `${percentNumber.format(value)}%` : String(value);
  const match = DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, minus, whole, fraction = ""] = match;
  const decimals = fraction.replace(/0+$/, "");
  const number = `${whole.replace(/^0+(?=\d)/, "")}${decimals ? `.${decimals}` : ""}`;
  return `${minus && number !== "0" ? "-" : ""}${number}%`;
}

/**
 * An item with its variant, in words: "Tour Tee 2026 — L / Black"; the name alone for an item
 * without options. `variant` is the combination's label (variantLabel in
 * shared/merchandise-variants.ts), never the SKU.
 */
export function itemWithVariant(itemName: string, variant: string | null | undefined): string {
  const label = variant?.trim();
  return label ? `${itemName} — ${label}` : itemName;
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-q1" when the days are a calendar quarter's first and last, else null. */
export function calendarQuarter(start: string, end: string): string | null {
  const first = CALENDAR_DAY.exec(start);
  const last = CALENDAR_DAY.exec(end);
  if (!first || !last || first[1] !== last[1] || first[3] !== "01") return null;
  const month = Number(first[2]);
  if ((month - 1) % 3 !== 0 || Number(last[2]) !== month + 2) return null;
  // Day 0 of the month after is the quarter's last day.
  const lastDay = new Date(Date.UTC(Number(first[1]), month + 2, 0)).getUTCDate();
  if (Number(last[3]) !== lastDay) return null;
  return `${first[1]}-q${(month + 2) / 3}`;
}

/**
 * The name a statement downloads under: `statement-lee-park-2026-q1.pdf` for a calendar
 * quarter, else `statement-lee-park-2026-01-01-to-2026-02-15.pdf`. The payee's name is slugged
 * as every file name is (shared/slugs.ts); a name with no Latin letters or digits leaves it out.
 */
export function statementFileName(
  statement: { payeeName: string; periodStart: string; periodEnd: string },
  extension: "pdf" | "csv" = "pdf",
): string {
  const period =
    calendarQuarter(statement.periodStart, statement.periodEnd) ?? `${statement.periodStart}-to-${statement.periodEnd}`;
  const payee = slugify(statement.payeeName, 40);
  return `${["statement", payee, slugify(period, 40)].filter(Boolean).join("-")}.${extension}`;
}
