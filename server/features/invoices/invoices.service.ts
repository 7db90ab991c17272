import { fromCents, toCents } from "@shared/money";
import {
  AMOUNT_TOO_LARGE_MESSAGE,
  computeInvoiceTotals,
  isSavableLine,
  lineTotalCents,
  type CreateInvoice,
  type InsertInvoiceLineItem,
  type Invoice,
  type InvoiceLineItem,
} from "@shared/invoices";
import { MAX_AMOUNT_CENTS } from "@shared/validation";
import { HttpError } from "../../lib/http-error";
import { isUniqueViolation } from "../../lib/pg-errors";
import { INVOICE_NUMBER_CONSTRAINT, type InvoicesRepository } from "./invoices.repository";

const NOT_FOUND = "Invoice not found";

/**
 * SPEC.md §4: overdue is displayed, not chosen. It is derived when read, so an invoice
 * becomes overdue at its due date without any job rewriting rows.
 */
export function withDisplayStatus<T extends Invoice>(invoice: T, now = new Date()): T {
  const open = invoice.status !== "paid" && invoice.status !== "cancelled";
  return open && invoice.dueDate.getTime() < now.getTime() ? { ...invoice, status: "overdue" } : invoice;
}

function mismatch(field: "subtotal" | "total", expectedCents: number): HttpError {
  const what = field === "subtotal" ? "The subtotal does not match the line items" : "The total must be the subtotal plus tax";
  const message = `${what} (expected ${fromCents(expectedCents)})`;
  return HttpError.badRequest(message, { [field]: [message] });
}

function tooLarge(): HttpError {
  return HttpError.badRequest(AMOUNT_TOO_LARGE_MESSAGE, { total: [AMOUNT_TOO_LARGE_MESSAGE] });
}

/**
 * The lines SPEC.md §5 keeps, with server-computed totals; the sent subtotal and total
 * must agree with them to the cent, or the body is refused.
 */
function priceInvoice(body: CreateInvoice) {
  const taxCents = toCents(body.tax);
  if (!body.items) {
    // SPEC.md §7's sequence: lines follow one by one and each recomputes the totals.
    const subtotal = toCents(body.subtotal);
    if (subtotal + taxCents > MAX_AMOUNT_CENTS) throw tooLarge();
    if (toCents(body.total) !== subtotal + taxCents) throw mismatch("total", subtotal + taxCents);
    return { lines: [], subtotal, total: subtotal + taxCents };
  }
  const kept = body.items
    .map((item) => ({ ...item, description: item.description.trim(), unitPriceCents: toCents(item.unitPrice) }))
    .filter(isSavableLine);
  const totals = computeInvoiceTotals(kept, taxCents);
  if (totals.tooLarge) throw tooLarge();
  kept.forEach((line, index) => {
    if (line.total !== undefined && toCents(line.total) !== totals.lineTotals[index]) {
      const message = `Line ${index + 1}: the total should be ${fromCents(totals.lineTotals[index])}`;
      throw HttpError.badRequest(message, { [`items.${index}.total`]: [message] });
    }
  });
  if (toCents(body.subtotal) !== totals.subtotal) throw mismatch("subtotal", totals.subtotal);
  if (toCents(body.total) !== totals.total) throw mismatch("total", totals.total);
  const lines = kept.map((line, index) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: fromCents(line.unitPriceCents),
    total: fromCents(totals.lineTotals[index]),
    sortOrder: index,
  }));
  return { lines, subtotal: totals.subtotal, total: totals.total };
}

/** Totals from every line of a stored invoice and its flat tax. */
function recompute(invoice: Invoice, items: InvoiceLineItem[]) {
  const lines = items.map((item) => ({ quantity: item.quantity, unitPriceCents: toCents(item.unitPrice) }));
  const totals = computeInvoiceTotals(lines, toCents(invoice.tax));
  if (totals.tooLarge) throw tooLarge();
  return { subtotal: fromCents(totals.subtotal), total: fromCents(totals.total) };
}

export function createInvoicesService(repository: InvoicesRepository, clock: () => Date = () => new Date()) {
  return {
    async listForUser(userId: string): Promise<Invoice[]> {
      const now = clock();
      return (await repository.listForUser(userId)).map((invoice) => withDisplayStatus(invoice, now));
    },

    async get(userId: string, id: string) {
      const invoice = await repository.findForUser(id, userId);
      if (!invoice) throw HttpError.notFound(NOT_FOUND);
      return withDisplayStatus(invoice, clock());
    },

    async create(userId: string, body: CreateInvoice) {
      const { items: _items, ...fields } = body;
      const { lines, subtotal, total } = priceInvoice(body);
      try {
        const invoice = await repository.create(
          { ...fields, userId, subtotal: fromCents(subtotal), total: fromCents(total) },
          lines,
        );
        return withDisplayStatus(invoice, clock());
      } catch (error) {
        if (isUniqueViolation(error, INVOICE_NUMBER_CONSTRAINT)) {
          throw HttpError.conflict("Invoice number already exists");
        }
        throw error;
      }
    },

    /** SPEC.md §7: one line at a time, on one's own invoice only; totals follow. */
    async addItem(userId: string, invoiceId: string, body: InsertInvoiceLineItem): Promise<InvoiceLineItem> {
      const lineTotal = lineTotalCents(body.quantity, toCents(body.unitPrice));
      if (lineTotal > MAX_AMOUNT_CENTS) throw tooLarge();
      if (body.total !== undefined && toCents(body.total) !== lineTotal) {
        const message = `The line total should be ${fromCents(lineTotal)}`;
        throw HttpError.badRequest(message, { total: [message] });
      }
      const item = await repository.addItem(
        invoiceId,
        userId,
        { ...body, total: fromCents(lineTotal) },
        recompute,
      );
      if (!item) throw HttpError.notFound(NOT_FOUND);
      return item;
    },
  };
}
