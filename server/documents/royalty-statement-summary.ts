import { formatDay, formatDayRange } from "@shared/dates";
import { formatDeduction, formatMoneyIn } from "@shared/formats";
import { fromCents, toCents } from "@shared/money";
import type { RoyaltyStatementDocument } from "./royalty-statement";

/** One row of the statement's summary: its words, its amount as printed, and whether it is the sum that counts. */
export interface SummaryRow {
  label: string;
  amount: string;
  bold?: boolean;
}

/** "Royalty statement — January 1 – March 31, 2026". */
export function statementTitle(statement: Pick<RoyaltyStatementDocument, "periodStart" | "periodEnd">): string {
  return `Royalty statement — ${formatDayRange(statement.periodStart, statement.periodEnd)}`;
}

/** "April 3, 2026": the closing's day, else the period's last day (both read in UTC). */
export function statementDay(statement: Pick<RoyaltyStatementDocument, "statementDate" | "periodEnd">): string {
  return formatDay(statement.statementDate || statement.periodEnd, "UTC", "date");
}

/** "US dollars" for USD; the code itself for one Intl does not know. */
export function currencyName(code: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "currency", fallback: "none" }).of(code.toUpperCase());
    return name ? name.replace(/^US Dollar$/, "US dollars") : code;
  } catch {
    return code;
  }
}

/**
 * The summary as a statement reads it: what the payee had, what they earned, the advance taken
 * off it as a deduction, what remains, and what is paid now; then a sentence on what is carried
 * to the next statement, when anything is (docs/decisions/048-documents-that-read-right.md).
 */
export function statementSummary(statement: RoyaltyStatementDocument): { rows: SummaryRow[]; note: string | null } {
  const s = statement.summary;
  const money = (value: string) => formatMoneyIn(value, statement.currency);
  const rows: SummaryRow[] = [
    { label: "Opening balance", amount: money(s.opening) },
    { label: "Earned this period", amount: money(s.earned) },
  ];
  if (toCents(s.advances) !== 0) rows.push({ label: "Less advance recouped", amount: formatDeduction(s.advances) });
  rows.push({ label: "Closing balance", amount: money(s.closing) });
  rows.push({ label: "Payable now", amount: money(s.payable), bold: true });

  const closing = toCents(s.closing);
  const carried = closing - toCents(s.payable);
  let note: string | null = null;
  if (closing < 0) {
    note = `Advance still to recoup: ${money(fromCents(-closing))}, carried to your next statement.`;
  } else if (carried > 0) {
    note = `${money(fromCents(carried))} is carried to your next statement.`;
  }
  return { rows, note };
}
