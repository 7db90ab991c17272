import type { UpdateInvoice } from "@shared/invoice-actions";
import type { InvoiceWithItemsRow } from "@shared/invoices";
import type { PricingInput } from "./invoice-pricing";

/** The columns a PATCH may set directly; the figures are always priced again. */
const PLAIN_FIELDS = [
  "invoiceNumber",
  "issueDate",
  "dueDate",
  "timeZone",
  "companyName",
  "companyAddress",
  "companyEmail",
  "companyPhone",
  "clientName",
  "clientAddress",
  "clientEmail",
  "clientPhone",
  "notes",
  "remindersEnabled",
] as const;

/** The body over the stored invoice: what to set, and what to price (stored lines when none are sent). */
export function mergeForUpdate(invoice: InvoiceWithItemsRow, body: UpdateInvoice) {
  const fields: Partial<Record<(typeof PLAIN_FIELDS)[number], unknown>> = {};
  for (const key of PLAIN_FIELDS) if (body[key] !== undefined) fields[key] = body[key];
  const taxMode = body.taxMode ?? invoice.taxMode;
  const pricing: PricingInput = {
    items:
      body.items ?? invoice.items.map(({ description, quantity, unitPrice }) => ({ description, quantity, unitPrice })),
    tax: body.tax ?? invoice.tax,
    taxMode,
    taxRate: body.taxRate !== undefined ? body.taxRate : invoice.taxRate,
    subtotal: body.subtotal,
    total: body.total,
  };
  return { fields: fields as Partial<Pick<InvoiceWithItemsRow, (typeof PLAIN_FIELDS)[number]>>, pricing };
}

const COMPARED = [...PLAIN_FIELDS, "subtotal", "tax", "taxMode", "taxRate", "total"] as const;

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return a === b;
}

const lineKey = (items: InvoiceWithItemsRow["items"]) =>
  JSON.stringify(items.map(({ description, quantity, unitPrice }) => [description, quantity, unitPrice]));

/** The names of what an edit changed, for the timeline ("items" for the lines). */
export function changedFields(before: InvoiceWithItemsRow, after: InvoiceWithItemsRow): string[] {
  const changed: string[] = COMPARED.filter((key) => !same(before[key], after[key]));
  if (lineKey(before.items) !== lineKey(after.items)) changed.push("items");
  return changed;
}

/** The member's own settings: changing them changes nothing the client is asked to pay. */
const OWNER_SETTINGS = new Set<string>(["remindersEnabled"]);

/**
 * Whether an edit changed the invoice the client pays (anything but the owner's settings): a card
 * payment started for the invoice as it was must then not go through
 * (docs/decisions/026-money-applied-or-returned.md).
 */
export function changedForClient(before: InvoiceWithItemsRow, after: InvoiceWithItemsRow): boolean {
  return changedFields(before, after).some((field) => !OWNER_SETTINGS.has(field));
}
