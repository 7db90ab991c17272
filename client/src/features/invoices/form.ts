// The create-invoice form holds what the user typed (strings); these functions apply
// SPEC.md §5 to it, in integer cents, and build the POST /api/invoices body.
import { INVOICE_DUE_DAYS } from "@shared/constants";
import {
  computeInvoiceTotals,
  isSavableLine,
  type CreateInvoiceInput,
  type InvoiceTotals,
  type LineAmounts,
} from "@shared/invoices";
import { formatMoney, fromCents } from "@shared/money";
import { MAX_AMOUNT_CENTS } from "@shared/validation";

export type InvoiceFormLine = { description: string; quantity: string; unitPrice: string };

export type InvoiceFormValues = {
  invoiceNumber: string;
  status: "draft" | "sent" | "paid";
  issueDate: string;
  dueDate: string;
  companyName: string;
  companyEmail: string;
  companyAddress: string;
  companyPhone: string;
  clientName: string;
  clientEmail: string;
  clientAddress: string;
  clientPhone: string;
  items: InvoiceFormLine[];
  tax: string;
  notes: string;
};

export const EMPTY_LINE: InvoiceFormLine = { description: "", quantity: "1", unitPrice: "" };

/** "YYYY-MM-DD" of the local calendar day (what a date input shows). */
export function toDateInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** SPEC.md §9: number 'INV-' + timestamp, issued today, due 30 days later, tax '0.00', draft. */
export function invoiceDefaults(now = new Date()): InvoiceFormValues {
  const due = new Date(now.getFullYear(), now.getMonth(), now.getDate() + INVOICE_DUE_DAYS);
  return {
    invoiceNumber: `INV-${now.getTime()}`,
    status: "draft",
    issueDate: toDateInput(now),
    dueDate: toDateInput(due),
    companyName: "",
    companyEmail: "",
    companyAddress: "",
    companyPhone: "",
    clientName: "",
    clientEmail: "",
    clientAddress: "",
    clientPhone: "",
    items: [{ ...EMPTY_LINE }],
    tax: "0.00",
    notes: "",
  };
}

/** Like parseInt: leading digits count ("3 pcs" → 3); nothing parsable → 0 (SPEC.md §5). */
export function parseQuantityInput(text: string): number {
  const parsed = Number.parseInt(text, 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/**
 * A typed price in cents, read digit by digit (never through a float): leading number
 * like parseFloat ("12.5 USD" → 1250), rounded half up to the cent; nothing → 0.
 * Beyond the numeric(10,2) range it answers Infinity, which the totals report as too large.
 */
export function parseMoneyInput(text: string): number {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?/.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!whole && !fraction) return 0;
  if (whole.replace(/^0+/, "").length > 10) return match?.[1] === "-" ? -Infinity : Infinity;
  let cents = Number(whole || "0") * 100 + Number(fraction.slice(0, 2).padEnd(2, "0"));
  if (Number(fraction[2] ?? "0") >= 5) cents += 1;
  return match?.[1] === "-" && cents !== 0 ? -cents : cents;
}

export function toLineAmounts(line: InvoiceFormLine): LineAmounts {
  return {
    description: line.description,
    quantity: parseQuantityInput(line.quantity),
    unitPriceCents: parseMoneyInput(line.unitPrice),
  };
}

export type FormTotals = InvoiceTotals & {
  /** Each line's quantity x price as shown beside it (0 for a negative price). */
  shownLineTotals: number[];
  /** Which lines will be saved (SPEC.md §5); only these count towards the subtotal. */
  savable: boolean[];
  /** Lines the user started to fill in that will not be saved, to say so beside them. */
  incomplete: boolean[];
  taxCents: number;
};

export function formTotals(values: Pick<InvoiceFormValues, "items" | "tax">): FormTotals {
  const lines = values.items.map(toLineAmounts);
  const savable = lines.map(isSavableLine);
  const taxCents = parseMoneyInput(values.tax);
  const totals = computeInvoiceTotals(lines.filter((_, i) => savable[i]), taxCents);
  const shownLineTotals = computeInvoiceTotals(lines, 0).lineTotals;
  const tooLarge = totals.tooLarge || !Number.isFinite(taxCents) || taxCents > MAX_AMOUNT_CENTS;
  const incomplete = lines.map(
    (line, i) => !savable[i] && (line.description.trim() !== "" || line.unitPriceCents !== 0),
  );
  return { ...totals, tooLarge, shownLineTotals, savable, incomplete, taxCents };
}

/** Cents as "$1,234.50"; amounts beyond the column range read "Too large". */
export function formatCents(cents: number): string {
  return Number.isFinite(cents) && Math.abs(cents) <= MAX_AMOUNT_CENTS ? formatMoney(fromCents(cents)) : "Too large";
}

/**
 * A local calendar day as the ISO timestamp the API stores. The due date is the end of
 * that day, so an invoice due today is not overdue until the day is over.
 */
export function dateInputToIso(value: string, endOfDay = false): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = endOfDay ? new Date(year, month, day, 23, 59, 59, 999) : new Date(year, month, day);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The POST /api/invoices body: only savable lines, amounts as decimal strings. */
export function toCreateInvoiceBody(values: InvoiceFormValues, totals = formTotals(values)): CreateInvoiceInput {
  const lines = values.items.map(toLineAmounts).filter((_, i) => totals.savable[i]);
  const { items: _typed, tax: _tax, ...fields } = values;
  return {
    ...fields,
    issueDate: dateInputToIso(values.issueDate),
    dueDate: dateInputToIso(values.dueDate, true),
    items: lines.map((line, index) => ({
      description: line.description.trim(),
      quantity: line.quantity,
      unitPrice: fromCents(line.unitPriceCents),
      total: fromCents(totals.lineTotals[index]),
    })),
    subtotal: fromCents(totals.subtotal),
    tax: fromCents(totals.taxCents),
    total: fromCents(totals.total),
  };
}
