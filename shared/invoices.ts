import { z } from "zod";
import { instant } from "./contract";
import { formatMoney, fromCents, MAX_AMOUNT_CENTS, percentOfCents, ticketTotalCents, toCents } from "./money";
import { decimalString, optionalEmail, optionalText, requiredText, timeZoneInput, timestampInput } from "./validation";
import type { invoiceLineItems, invoices } from "./invoices.table";
import { TAX_MODES, type TaxMode } from "./invoices.values";
export * from "./invoices.values";

/** Every status an invoice is shown with; "overdue" is computed when read, never stored. */
export const INVOICE_STATUSES = ["draft", "sent", "paid", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The create form offers only these; overdue is displayed, never chosen. */
export const INVOICE_SELECTABLE_STATUSES = ["draft", "sent", "paid"] as const;

/**
 * Overdue: sent, not paid, and the due date has passed. A draft was never issued, and a paid
 * or cancelled invoice is settled, so none of them is ever overdue.
 */
export function displayStatus(status: string, dueDate: Date | string, now = new Date()): InvoiceStatus {
  const due = typeof dueDate === "string" ? new Date(dueDate) : dueDate;
  if (status === "sent" && due.getTime() < now.getTime()) return "overdue";
  return status as InvoiceStatus;
}

/** Bank details and terms fit in this; longer would not fit the PDF's page. */
export const MAX_PAYMENT_INSTRUCTIONS = 2000;

export const TAX_RATE_MESSAGE = "Enter a percentage from 0 to 100 (at most 2 decimals)";

/** A tax rate in percent, "0" to "100" with at most 2 decimals, normalised to "7.50". */
const percentString = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: TAX_RATE_MESSAGE, abort: true })
  .refine((value) => toCents(value) <= 10_000, TAX_RATE_MESSAGE)
  .transform((value) => fromCents(toCents(value)));

/**
 * POST /api/invoices. userId comes from the session. Dates arrive as ISO strings.
 * The form has no required-field checks (docs/product.md, "Invoices"), so only the number
 * (unique, and always pre-filled by the form) and the dates are required. client_name is NOT
 * NULL in the table, so a missing or blank client name is stored as "" rather than refused.
 * Written field by field, not derived from the table, so the client's bundle carries no table
 * code; shared/request-schemas.test.ts checks the fields against the columns.
 */
export const insertInvoiceSchema = z.object({
  invoiceNumber: requiredText(100, "Enter an invoice number"),
  issueDate: timestampInput,
  dueDate: timestampInput,
  timeZone: timeZoneInput.nullish(),
  companyName: optionalText(200),
  companyAddress: optionalText(500),
  companyEmail: optionalEmail,
  companyPhone: optionalText(50),
  clientName: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((value) => value ?? ""),
  clientAddress: optionalText(500),
  clientEmail: optionalEmail,
  clientPhone: optionalText(50),
  subtotal: decimalString(),
  tax: decimalString().default("0.00"),
  taxMode: z.enum(TAX_MODES).default("amount"),
  taxRate: percentString.nullish(),
  total: decimalString(),
  notes: optionalText(5000),
  paymentInstructions: optionalText(MAX_PAYMENT_INSTRUCTIONS),
  status: z.enum(INVOICE_SELECTABLE_STATUSES).default("draft"),
  remindersEnabled: z.boolean().default(true),
});

export const MAX_LINE_QUANTITY = 1_000_000;
export const MAX_INVOICE_LINES = 200;

/**
 * POST /api/invoices/{id}/items; invoiceId comes from the path. `total` is optional: the
 * server computes quantity x unitPrice itself and refuses a sent total that disagrees.
 */
export const insertInvoiceLineItemSchema = z.object({
  description: requiredText(500),
  // A line is only saved when its quantity is above 0.
  quantity: z.int().min(1).max(MAX_LINE_QUANTITY),
  unitPrice: decimalString(),
  total: decimalString().optional(),
  sortOrder: z.int().min(0).max(10_000).default(0),
});

function isSignedAmount(value: string): boolean {
  if (!/^-?\d{1,8}(\.\d{1,2})?$/.test(value)) return false;
  return Math.abs(toCents(value)) <= MAX_AMOUNT_CENTS;
}

/**
 * A line as sent inside POST /api/invoices. Lines that are never saved
 * (blank description, quantity 0 or less, negative price) are accepted here and dropped
 * by the server, exactly as the form drops them; malformed values are still refused.
 */
export const invoiceLineInputSchema = z.object({
  description: z.string().max(500).default(""),
  quantity: z.int().min(-MAX_LINE_QUANTITY).max(MAX_LINE_QUANTITY),
  unitPrice: z.string().trim().refine(isSignedAmount, "Enter an amount like 12.50 (at most 2 decimals)"),
  total: decimalString().optional(),
});

/** POST /api/invoices with its line items, created together in one transaction. */
export const createInvoiceSchema = insertInvoiceSchema.extend({
  items: z.array(invoiceLineInputSchema).max(MAX_INVOICE_LINES).optional(),
});

// ---- Totals, in integer cents, shared by the form and the server ----

export interface LineAmounts {
  description: string;
  quantity: number;
  unitPriceCents: number;
}

/** A line is saved only with a description, a quantity above 0 and a price of at least 0. */
export function isSavableLine(line: LineAmounts): boolean {
  return line.description.trim() !== "" && line.quantity > 0 && line.unitPriceCents >= 0;
}

export interface InvoiceTotals {
  /** Per line, in the order given; Infinity when a line alone exceeds numeric(10,2). */
  lineTotals: number[];
  subtotal: number;
  total: number;
  /** Some amount would not fit numeric(10,2) (max 99,999,999.99). */
  tooLarge: boolean;
}

/** quantity x unit price, or Infinity past the column limit (never an unsafe integer). */
export function lineTotalCents(quantity: number, unitPriceCents: number): number {
  if (quantity <= 0 || unitPriceCents <= 0) return 0;
  return ticketTotalCents(unitPriceCents, quantity) ?? Number.POSITIVE_INFINITY;
}

/** Line totals, subtotal = their sum, total = subtotal + tax (the tax already in cents). */
export function computeInvoiceTotals(
  lines: readonly Pick<LineAmounts, "quantity" | "unitPriceCents">[],
  taxCents: number,
): InvoiceTotals {
  const lineTotals = lines.map((line) => lineTotalCents(line.quantity, line.unitPriceCents));
  const subtotal = lineTotals.reduce((sum, cents) => sum + cents, 0);
  const total = subtotal + taxCents;
  const tooLarge = subtotal > MAX_AMOUNT_CENTS || total > MAX_AMOUNT_CENTS;
  return { lineTotals, subtotal, total, tooLarge };
}

/** The tax in cents: the flat amount, or the rate's share of the subtotal (half up). */
export function invoiceTaxCents(
  mode: TaxMode,
  subtotalCents: number,
  taxAmountCents: number,
  taxRate: string | null | undefined,
): number {
  return mode === "percent"
    ? percentOfCents(Math.min(subtotalCents, MAX_AMOUNT_CENTS), taxRate ?? "0")
    : taxAmountCents;
}

export const AMOUNT_TOO_LARGE_MESSAGE = `Amounts cannot exceed ${formatMoney(fromCents(MAX_AMOUNT_CENTS))}`;

/** A row of the invoices table, as the server reads it. */
export type InvoiceRow = typeof invoices.$inferSelect;
/** A row of the line items table. */
export type InvoiceLineItemRow = typeof invoiceLineItems.$inferSelect;
/** An invoice row with its lines in sortOrder, as the server reads it. */
export type InvoiceWithItemsRow = InvoiceRow & { items: InvoiceLineItemRow[] };
export type InsertInvoice = z.infer<typeof insertInvoiceSchema>;
export type InsertInvoiceInput = z.input<typeof insertInvoiceSchema>;
export type InsertInvoiceLineItem = z.infer<typeof insertInvoiceLineItemSchema>;
export type InsertInvoiceLineItemInput = z.input<typeof insertInvoiceLineItemSchema>;
export type CreateInvoice = z.infer<typeof createInvoiceSchema>;
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

// ---- Answers, as JSON carries them ----

/** An amount as a decimal string with 2 decimals ("107.50"). */
const amount = z.string();

/** A line of an invoice as the API answers it. */
export const invoiceLineItemSchema = z
  .object({
    id: z.string(),
    invoiceId: z.string(),
    description: z.string(),
    quantity: z.int(),
    unitPrice: amount,
    /** quantity x unitPrice, computed by the server. */
    total: amount,
    /** Zero-based position on the invoice. */
    sortOrder: z.int(),
  })
  .meta({ id: "InvoiceLineItem" });

/**
 * An invoice as the API answers it. `status` is as shown: "overdue" is a sent invoice past its
 * due date, computed when read. Amounts are computed by the server from the lines and the tax.
 */
export const invoiceSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    invoiceNumber: z.string(),
    issueDate: instant,
    dueDate: instant,
    /** The member's IANA time zone when the dates were set; null: shown in UTC. */
    timeZone: z.string().nullable(),
    companyName: z.string().nullable(),
    companyAddress: z.string().nullable(),
    companyEmail: z.string().nullable(),
    companyPhone: z.string().nullable(),
    clientName: z.string(),
    clientAddress: z.string().nullable(),
    clientEmail: z.string().nullable(),
    clientPhone: z.string().nullable(),
    subtotal: amount,
    tax: amount,
    taxMode: z.enum(TAX_MODES),
    /** Percent of the subtotal ("7.50") in percent mode, else null. */
    taxRate: z.string().nullable(),
    total: amount,
    notes: z.string().nullable(),
    paymentInstructions: z.string().nullable(),
    status: z.enum(INVOICE_STATUSES),
    remindersEnabled: z.boolean(),
    sentAt: instant.nullable(),
    paidAt: instant.nullable(),
    /** The owner's note when it was marked as paid. */
    paidNote: z.string().nullable(),
    cancelledAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: "Invoice" });

/** An invoice with its lines in sortOrder. */
export const invoiceWithItemsSchema = invoiceSchema
  .extend({ items: z.array(invoiceLineItemSchema) })
  .meta({ id: "InvoiceWithItems" });

/** An invoice as JSON carries it: what the client receives. */
export type Invoice = z.output<typeof invoiceSchema>;
export type InvoiceLineItem = z.output<typeof invoiceLineItemSchema>;
export type InvoiceWithItems = z.output<typeof invoiceWithItemsSchema>;
