import { canDo, refusalMessage, type UpdateInvoice } from "@shared/invoice-actions";
import {
  displayStatus,
  lineTotalCents,
  type CreateInvoice,
  type InsertInvoiceLineItem,
  type InvoiceRow,
  type InvoiceLineItemRow,
} from "@shared/invoices";
import { fromCents, MAX_AMOUNT_CENTS, toCents } from "@shared/money";
import { HttpError } from "../../lib/http-error";
import { isUniqueViolation } from "../../lib/pg-errors";
import type { SignedTokens } from "../../lib/signed-token";
import { changedFields, changedForClient, mergeForUpdate } from "./invoice-edits";
import { issuerName } from "./invoice-senders";
import type { InvoiceOwners } from "./invoice-owners.repository";
import { priceInvoice, recompute, tooLarge } from "./invoice-pricing";
import { INVOICE_NUMBER_CONSTRAINT, type InvoicesRepository, type Transaction } from "./invoices.repository";

export const NOT_FOUND = "Invoice not found";

/**
 * Ends the card payments an invoice no longer wants: `endOpen` marks its open PaymentIntents
 * in the change's transaction, `runSoon` has Stripe cancel them once it committed
 * (docs/decisions/026-money-applied-or-returned.md).
 */
export interface OpenCardPayments {
  endOpen(tx: Transaction, invoiceId: string): Promise<number>;
  runSoon(): void;
}

/**
 * docs/product.md "Invoices": overdue is displayed, not chosen. It is derived when read, so an invoice
 * becomes overdue at its due date without any job rewriting rows.
 */
export function withDisplayStatus<T extends InvoiceRow>(invoice: T, now = new Date()): T {
  return { ...invoice, status: displayStatus(invoice.status, invoice.dueDate, now) };
}

export function numberTaken(error: unknown): never {
  if (isUniqueViolation(error, INVOICE_NUMBER_CONSTRAINT)) throw HttpError.conflict("Invoice number already exists");
  throw error;
}

/** A member's own invoices: list, read, create, edit, delete a draft. */
export function createInvoicesService(deps: {
  repository: InvoicesRepository;
  owners: InvoiceOwners;
  tokens: SignedTokens;
  /** Card payment is offered on this server. */
  cardPayments: boolean;
  /** An edit ends the card payments started for the invoice as it was. */
  openPayments: OpenCardPayments;
  clock?: () => Date;
}) {
  const { repository, tokens } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    async listForUser(userId: string): Promise<InvoiceRow[]> {
      const now = clock();
      return (await repository.listForUser(userId)).map((invoice) => withDisplayStatus(invoice, now));
    },

    /**
     * The invoice with its lines, its timeline and its public link (InvoiceDetail). A
     * draft has no link: it opens nothing for the client until it is sent, so none is handed out.
     */
    async get(userId: string, id: string) {
      const invoice = await repository.findForUser(id, userId);
      if (!invoice) throw HttpError.notFound(NOT_FOUND);
      const [events, owner] = await Promise.all([repository.eventsOf(id), deps.owners.find(undefined, userId)]);
      return {
        ...withDisplayStatus(invoice, clock()),
        events,
        publicPath: invoice.status === "draft" ? null : `/pay/${tokens.sign(id)}`,
        issuerName: issuerName(owner, invoice),
        cardPayments: deps.cardPayments,
      };
    },

    async create(userId: string, body: CreateInvoice) {
      const { items: _items, ...fields } = body;
      const priced = priceInvoice(body);
      const now = clock();
      const stamps = { sentAt: body.status === "sent" ? now : null, paidAt: body.status === "paid" ? now : null };
      try {
        const invoice = await repository.create(
          {
            ...fields,
            ...stamps,
            userId,
            subtotal: priced.subtotal,
            tax: priced.tax,
            taxMode: priced.taxMode,
            taxRate: priced.taxRate,
            total: priced.total,
          },
          priced.lines,
          [{ kind: "created", actorId: userId, at: now }],
        );
        return withDisplayStatus(invoice, now);
      } catch (error) {
        return numberTaken(error);
      }
    },

    /** One line at a time (docs/product.md "API"), on one's own open invoice only; totals follow. */
    async addItem(userId: string, invoiceId: string, body: InsertInvoiceLineItem): Promise<InvoiceLineItemRow> {
      const lineTotal = lineTotalCents(body.quantity, toCents(body.unitPrice));
      if (lineTotal > MAX_AMOUNT_CENTS) throw tooLarge();
      if (body.total !== undefined && toCents(body.total) !== lineTotal) {
        const message = `The line total should be ${fromCents(lineTotal)}`;
        throw HttpError.badRequest(message, { total: [message] });
      }
      const item = await repository.locked(invoiceId, userId, async (locked) => {
        if (!canDo("edit", locked.invoice.status))
          throw HttpError.conflict(refusalMessage("edit", locked.invoice.status));
        const line = { ...body, total: fromCents(lineTotal) };
        const added = await locked.addLine(line);
        await locked.update(recompute(locked.invoice, [...locked.invoice.items, added]));
        return { added, ended: await deps.openPayments.endOpen(locked.tx, invoiceId) };
      });
      if (!item) throw HttpError.notFound(NOT_FOUND);
      if (item.ended > 0) deps.openPayments.runSoon();
      return item.added;
    },

    /**
     * PATCH: a draft or a sent, unpaid invoice, whole or in part; the lines (when given) are
     * replaced and every total is recomputed, in one transaction with its "edited" event. An
     * edit that changed what the client sees ends the card payments started for the invoice as
     * it was: the client pays what they now see.
     */
    async update(userId: string, id: string, body: UpdateInvoice) {
      try {
        const updated = await repository.locked(id, userId, async (locked) => {
          const { invoice } = locked;
          if (!canDo("edit", invoice.status)) throw HttpError.conflict(refusalMessage("edit", invoice.status));
          const merged = mergeForUpdate(invoice, body);
          const priced = priceInvoice(merged.pricing);
          const set = {
            ...merged.fields,
            subtotal: priced.subtotal,
            tax: priced.tax,
            taxMode: priced.taxMode,
            taxRate: priced.taxRate,
            total: priced.total,
          };
          const row = await locked.update(set);
          const items = body.items ? await locked.replaceLines(priced.lines) : invoice.items;
          const fields = changedFields(invoice, { ...row, items });
          if (fields.length > 0) await locked.record({ kind: "edited", actorId: userId, detail: { fields } });
          const ended = changedForClient(invoice, { ...row, items })
            ? await deps.openPayments.endOpen(locked.tx, id)
            : 0;
          return { invoice: { ...row, items }, ended };
        });
        if (!updated) throw HttpError.notFound(NOT_FOUND);
        if (updated.ended > 0) deps.openPayments.runSoon();
        return withDisplayStatus(updated.invoice, clock());
      } catch (error) {
        return numberTaken(error);
      }
    },

    /** Only a draft was never issued; anything else stays on record (409 says what to do). */
    async remove(userId: string, id: string): Promise<void> {
      const done = await repository.locked(id, userId, async (locked) => {
        if (!canDo("delete", locked.invoice.status))
          throw HttpError.conflict(refusalMessage("delete", locked.invoice.status));
        await locked.remove();
        return true;
      });
      if (!done) throw HttpError.notFound(NOT_FOUND);
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
