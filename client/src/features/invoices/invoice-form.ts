// The create-invoice form. Its fields hold what the user typed (strings); invoiceFormSchema,
// the form's resolver, reads the typed amounts, keeps the lines that are saved, computes the
// totals in integer cents and checks the resulting POST /api/invoices body with the server's
// own createInvoiceSchema, so a mistake shows beside its field before anything is sent.
// The rules are those of docs/product.md, "Invoices".
import { z } from "zod";
import { INVOICE_DUE_DAYS } from "@shared/constants";
import { localDate, parseLocalDate, viewerTimeZone } from "@shared/dates";
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  computeInvoiceTotals,
  createInvoiceSchema,
  INVOICE_SELECTABLE_STATUSES,
  invoiceTaxCents,
  isSavableLine,
  TAX_MODES,
  type CreateInvoiceInput,
  type Invoice,
  type InvoiceTotals,
  type InvoiceWithItems,
  type LineAmounts,
} from "@shared/invoices";
import { formatMoney, fromCents, MAX_AMOUNT_CENTS } from "@shared/money";

const typedLineSchema = z.object({ description: z.string(), quantity: z.string(), unitPrice: z.string() });

/** The fields as typed; every check happens on the body they become (below). */
const typedInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  status: z.enum(INVOICE_SELECTABLE_STATUSES),
  issueDate: z.string(),
  dueDate: z.string(),
  companyName: z.string(),
  companyEmail: z.string(),
  companyAddress: z.string(),
  companyPhone: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  clientAddress: z.string(),
  clientPhone: z.string(),
  items: z.array(typedLineSchema),
  taxMode: z.enum(TAX_MODES),
  tax: z.string(),
  taxRate: z.string(),
  notes: z.string(),
  paymentInstructions: z.string(),
});

export type InvoiceFormLine = z.input<typeof typedLineSchema>;
export type InvoiceFormValues = z.input<typeof typedInvoiceSchema>;

export const EMPTY_LINE: InvoiceFormLine = { description: "", quantity: "1", unitPrice: "" };

/** What a member writes the same on every invoice: their company and how to pay them. */
export type RememberedDetails = Pick<
  InvoiceFormValues,
  "companyName" | "companyEmail" | "companyAddress" | "companyPhone" | "paymentInstructions"
>;

const NOTHING_REMEMBERED: RememberedDetails = {
  companyName: "",
  companyEmail: "",
  companyAddress: "",
  companyPhone: "",
  paymentInstructions: "",
};

/**
 * The company details and payment instructions of the member's newest invoice that has any
 * (`invoices` newest first, as the list comes): the next invoice starts with them, and a change
 * made on one invoice is what the next one starts with.
 */
export function rememberedDetails(invoices: readonly Invoice[]): RememberedDetails {
  const fields = Object.keys(NOTHING_REMEMBERED) as (keyof RememberedDetails)[];
  const last = invoices.find((invoice) => fields.some((field) => invoice[field]?.trim()));
  if (!last) return NOTHING_REMEMBERED;
  return Object.fromEntries(fields.map((field) => [field, last[field] ?? ""])) as RememberedDetails;
}

/**
 * A new invoice: number 'INV-' + timestamp, issued today, due 30 days later, tax '0.00', draft,
 * from the member's remembered company details.
 */
export function invoiceDefaults(
  now = new Date(),
  remembered: RememberedDetails = NOTHING_REMEMBERED,
): InvoiceFormValues {
  const due = new Date(now.getFullYear(), now.getMonth(), now.getDate() + INVOICE_DUE_DAYS);
  return {
    invoiceNumber: `INV-${now.getTime()}`,
    status: "draft",
    issueDate: localDate(now),
    dueDate: localDate(due),
    ...remembered,
    clientName: "",
    clientEmail: "",
    clientAddress: "",
    clientPhone: "",
    items: [{ ...EMPTY_LINE }],
    taxMode: "amount",
    tax: "0.00",
    taxRate: "",
    notes: "",
  };
}

/** Like parseInt: leading digits count ("3 pcs" → 3); nothing parsable → 0. */
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
  /** Which lines will be saved (see isSavableLine); only these count towards the subtotal. */
  savable: boolean[];
  /** Lines the user started to fill in that will not be saved, to say so beside them. */
  incomplete: boolean[];
  taxCents: number;
};

/** A typed rate the server accepts ("7.5", "19.25"), else null (the tax then counts as 0). */
function typedRate(text: string): string | null {
  const rate = text.trim();
  return /^\d{1,3}(\.\d{1,2})?$/.test(rate) && Number(rate) <= 100 ? rate : null;
}

export function formTotals(
  values: Pick<InvoiceFormValues, "items" | "tax"> & Partial<Pick<InvoiceFormValues, "taxMode" | "taxRate">>,
): FormTotals {
  const lines = values.items.map(toLineAmounts);
  const savable = lines.map(isSavableLine);
  const kept = lines.filter((_, i) => savable[i]);
  const subtotal = computeInvoiceTotals(kept, 0);
  const taxCents =
    values.taxMode === "percent"
      ? subtotal.tooLarge
        ? 0
        : invoiceTaxCents("percent", subtotal.subtotal, 0, typedRate(values.taxRate ?? "") ?? "0")
      : parseMoneyInput(values.tax);
  const totals = computeInvoiceTotals(kept, taxCents);
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
  const day = parseLocalDate(value);
  if (!day) return value;
  if (endOfDay) day.setHours(23, 59, 59, 999);
  return day.toISOString();
}

/** The POST /api/invoices body: only savable lines, amounts as decimal strings. */
export function toCreateInvoiceBody(values: InvoiceFormValues, totals = formTotals(values)): CreateInvoiceInput {
  const lines = values.items.map(toLineAmounts).filter((_, i) => totals.savable[i]);
  const { items: _typed, tax: _tax, taxRate, ...fields } = values;
  return {
    ...fields,
    // A rate that is not one goes as typed, so the server's message shows beside the field.
    taxRate: values.taxMode === "percent" ? (typedRate(taxRate) ?? taxRate) : null,
    issueDate: dateInputToIso(values.issueDate),
    dueDate: dateInputToIso(values.dueDate, true),
    // The dates above are this browser's local day: the server's PDF and e-mails show them in it.
    timeZone: viewerTimeZone(),
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

/**
 * The form's resolver: typed values in, the POST /api/invoices body out. Totals past the
 * numeric(10,2) range are refused as a whole (the form's "root" error, shown as a toast);
 * the server schema's complaints go to the field they concern, a line's to that line as the
 * user sees it (the body holds only the saved lines).
 */
export const invoiceFormSchema = typedInvoiceSchema.transform((values, ctx): CreateInvoiceInput => {
  const totals = formTotals(values);
  if (totals.tooLarge) {
    ctx.addIssue({ code: "custom", path: ["root"], message: AMOUNT_TOO_LARGE_MESSAGE });
    return z.NEVER;
  }
  const body = toCreateInvoiceBody(values, totals);
  const checked = createInvoiceSchema.safeParse(body);
  if (checked.success) return body;
  const kept = totals.savable.flatMap((saved, index) => (saved ? [index] : []));
  for (const issue of checked.error.issues) {
    const [key, line, part] = issue.path.map(String);
    ctx.addIssue({
      code: "custom",
      path: key === "items" ? ["items", kept[Number(line)], part] : [key],
      message: key === "issueDate" || key === "dueDate" ? "Enter a date" : issue.message,
    });
  }
  return z.NEVER;
});

/** A stored invoice as the form shows it, for editing. */
export function toFormValues(invoice: InvoiceWithItems): InvoiceFormValues {
  const status = INVOICE_SELECTABLE_STATUSES.find((s) => s === invoice.status) ?? "sent";
  return {
    invoiceNumber: invoice.invoiceNumber,
    status,
    issueDate: localDate(new Date(invoice.issueDate)),
    dueDate: localDate(new Date(invoice.dueDate)),
    companyName: invoice.companyName ?? "",
    companyEmail: invoice.companyEmail ?? "",
    companyAddress: invoice.companyAddress ?? "",
    companyPhone: invoice.companyPhone ?? "",
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail ?? "",
    clientAddress: invoice.clientAddress ?? "",
    clientPhone: invoice.clientPhone ?? "",
    items: invoice.items.length
      ? invoice.items.map((item) => ({
          description: item.description,
          quantity: String(item.quantity),
          unitPrice: item.unitPrice,
        }))
      : [{ ...EMPTY_LINE }],
    taxMode: invoice.taxMode,
    tax: invoice.tax,
    taxRate: invoice.taxRate ?? "",
    notes: invoice.notes ?? "",
    paymentInstructions: invoice.paymentInstructions ?? "",
  };
}
