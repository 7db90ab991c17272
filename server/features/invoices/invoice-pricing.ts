import { fromCents, MAX_AMOUNT_CENTS, toCents } from "@shared/money";
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  computeInvoiceTotals,
  invoiceTaxCents,
  isSavableLine,
  type CreateInvoice,
  type InvoiceRow,
  type InvoiceLineItemRow,
  type TaxMode,
} from "@shared/invoices";
import { HttpError } from "../../lib/http-error";

/** What pricing reads: the lines (when sent), the tax settings and the figures to check. */
export type PricingInput = Pick<CreateInvoice, "items" | "tax" | "taxMode" | "taxRate"> & {
  subtotal?: string;
  total?: string;
};

function mismatch(field: "subtotal" | "total", expectedCents: number): HttpError {
  const what =
    field === "subtotal" ? "The subtotal does not match the line items" : "The total must be the subtotal plus tax";
  const message = `${what} (expected ${fromCents(expectedCents)})`;
  return HttpError.badRequest(message, { [field]: [message] });
}

export function tooLarge(): HttpError {
  return HttpError.badRequest(AMOUNT_TOO_LARGE_MESSAGE, { total: [AMOUNT_TOO_LARGE_MESSAGE] });
}

function taxOf(input: PricingInput, subtotalCents: number): number {
  if (input.taxMode === "percent" && !input.taxRate) {
    throw HttpError.badRequest("Enter a tax rate", { taxRate: ["Enter a tax rate"] });
  }
  return invoiceTaxCents(input.taxMode, subtotalCents, toCents(input.tax), input.taxRate);
}

/** The stored tax settings: a rate only in percent mode. */
function taxFields(input: PricingInput, taxCents: number) {
  const taxMode: TaxMode = input.taxMode;
  return { tax: fromCents(taxCents), taxMode, taxRate: taxMode === "percent" ? (input.taxRate ?? null) : null };
}

/**
 * The lines the product keeps (docs/product.md, "Invoices"), with server-computed totals and
 * tax (a flat amount, or a percentage of the subtotal rounded half up); a subtotal or total
 * the body states must agree with them to the cent, or the body is refused.
 */
export function priceInvoice(input: PricingInput) {
  if (!input.items) {
    // The one-line-at-a-time sequence: lines follow, and each recomputes the totals.
    const subtotal = toCents(input.subtotal ?? "0");
    const tax = taxOf(input, subtotal);
    if (subtotal + tax > MAX_AMOUNT_CENTS) throw tooLarge();
    if (input.total !== undefined && toCents(input.total) !== subtotal + tax) throw mismatch("total", subtotal + tax);
    return { lines: [], subtotal: fromCents(subtotal), total: fromCents(subtotal + tax), ...taxFields(input, tax) };
  }
  const kept = input.items
    .map((item) => ({ ...item, description: item.description.trim(), unitPriceCents: toCents(item.unitPrice) }))
    .filter(isSavableLine);
  const lineTotals = computeInvoiceTotals(kept, 0);
  if (lineTotals.tooLarge) throw tooLarge();
  const totals = computeInvoiceTotals(kept, taxOf(input, lineTotals.subtotal));
  if (totals.tooLarge) throw tooLarge();
  kept.forEach((line, index) => {
    if (line.total !== undefined && toCents(line.total) !== totals.lineTotals[index]) {
      const message = `Line ${index + 1}: the total should be ${fromCents(totals.lineTotals[index])}`;
      throw HttpError.badRequest(message, { [`items.${index}.total`]: [message] });
    }
  });
  if (input.subtotal !== undefined && toCents(input.subtotal) !== totals.subtotal)
    throw mismatch("subtotal", totals.subtotal);
  if (input.total !== undefined && toCents(input.total) !== totals.total) throw mismatch("total", totals.total);
  const lines = kept.map((line, index) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: fromCents(line.unitPriceCents),
    total: fromCents(totals.lineTotals[index]),
    sortOrder: index,
  }));
  return {
    lines,
    subtotal: fromCents(totals.subtotal),
    total: fromCents(totals.total),
    ...taxFields(input, totals.total - totals.subtotal),
  };
}

/** Totals from every line of a stored invoice and its tax settings. */
export function recompute(invoice: InvoiceRow, items: InvoiceLineItemRow[]) {
  const lines = items.map((item) => ({ quantity: item.quantity, unitPriceCents: toCents(item.unitPrice) }));
  const subtotal = computeInvoiceTotals(lines, 0).subtotal;
  const totals = computeInvoiceTotals(
    lines,
    invoiceTaxCents(invoice.taxMode, subtotal, toCents(invoice.tax), invoice.taxRate),
  );
  if (totals.tooLarge) throw tooLarge();
  return {
    subtotal: fromCents(totals.subtotal),
    tax: fromCents(totals.total - totals.subtotal),
    total: fromCents(totals.total),
  };
}
