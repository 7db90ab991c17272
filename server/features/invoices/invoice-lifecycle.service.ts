import { INVOICE_DUE_DAYS } from "@shared/constants";
import {
  canDo,
  invoiceEmailDefaults,
  NO_CLIENT_EMAIL_MESSAGE,
  refusalMessage,
  type InvoiceAction,
} from "@shared/invoice-actions";
import { toInvoiceDocument } from "@shared/invoice-document";
import type { InvoiceWithItemsRow } from "@shared/invoices";
import type { NewOutboxMessage } from "@shared/outbox";
import { HttpError } from "../../lib/http-error";
import { isUniqueViolation } from "../../lib/pg-errors";
import type { SignedTokens } from "../../lib/signed-token";
import { issuedAt, paidOnDay } from "./invoice-days";
import type { InvoiceOwners } from "./invoice-owners.repository";
import type { AdmitInvoiceSend } from "./invoice-send-limits";
import { issuerName, onBehalfOf } from "./invoice-senders";
import { NOT_FOUND, numberTaken, withDisplayStatus, type OpenCardPayments } from "./invoices.service";
import {
  INVOICE_NUMBER_CONSTRAINT,
  type InvoicesRepository,
  type LockedInvoice,
  type Transaction,
} from "./invoices.repository";

/** What invoices need from the outbox, handed over by features/index.ts. */
export interface InvoiceMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  deliverSoon(): void;
}

export interface LifecycleDeps {
  repository: InvoicesRepository;
  owners: InvoiceOwners;
  tokens: SignedTokens;
  messages: InvoiceMessages;
  openPayments: OpenCardPayments;
  appUrl: string;
  /** Card payment is offered on this server: the e-mail says the client can pay online. */
  cardPayments: boolean;
  /** Refuses (429) a send past the invoice's or the member's e-mail limits. */
  admitSend: AdmitInvoiceSend;
  clock?: () => Date;
}

/** Status changes a member makes on their own invoice; each one is a transaction with its event. */
export function createInvoiceLifecycle(deps: LifecycleDeps) {
  const { repository, tokens, messages } = deps;
  const clock = deps.clock ?? (() => new Date());
  const publicLink = (id: string) => `${deps.appUrl}/pay/${tokens.sign(id)}`;

  /** Locks the owner's invoice, refuses `action` in a status that does not allow it (409). */
  async function act<T>(
    userId: string,
    id: string,
    action: InvoiceAction,
    change: (locked: LockedInvoice) => Promise<T>,
  ): Promise<T> {
    const result = await repository.locked(id, userId, async (locked) => {
      if (!canDo(action, locked.invoice.status))
        throw HttpError.conflict(refusalMessage(action, locked.invoice.status));
      return { value: await change(locked) };
    });
    if (!result) throw HttpError.notFound(NOT_FOUND);
    return result.value;
  }

  const shown = (invoice: InvoiceWithItemsRow) => withDisplayStatus(invoice, clock());

  return {
    /**
     * E-mails the client the invoice (PDF attached, with its link), with the subject and message
     * the member reviewed (or the defaults); the invoice is then sent.
     */
    async send(userId: string, id: string, email: { subject?: string; message?: string } = {}) {
      const invoice = await act(userId, id, "send", async (locked) => {
        const to = locked.invoice.clientEmail;
        if (!to) throw HttpError.conflict(NO_CLIENT_EMAIL_MESSAGE);
        const now = clock();
        await deps.admitSend(locked.tx, { invoiceId: id, userId, to, now });
        const row = await locked.update({ status: "sent", sentAt: locked.invoice.sentAt ?? now });
        await locked.record({ kind: "sent", actorId: userId, detail: { to, how: "email" }, at: now });
        const owner = await deps.owners.find(locked.tx, userId);
        const issuer = issuerName(owner, locked.invoice);
        const document = toInvoiceDocument({ ...row, items: locked.invoice.items }, issuer, {
          now,
          cardPayments: deps.cardPayments,
        });
        const defaults = invoiceEmailDefaults({
          ...document,
          issuerName: issuer,
          clientName: row.clientName,
          payOnline: deps.cardPayments,
        });
        await messages.queue(locked.tx, [
          {
            template: "invoice-sent",
            params: {
              document,
              link: publicLink(id),
              subject: email.subject ?? defaults.subject,
              message: email.message ?? defaults.message,
              payOnline: deps.cardPayments,
            },
            recipient: to,
            aboutType: "invoice",
            aboutId: id,
            ...onBehalfOf(owner, row),
          },
        ]);
        return { ...row, items: locked.invoice.items };
      });
      messages.deliverSoon();
      return shown(invoice);
    },

    /** Sent by other means (handed over, posted): no e-mail. */
    async markSent(userId: string, id: string) {
      return shown(
        await act(userId, id, "mark-sent", async (locked) => {
          const now = clock();
          const row = await locked.update({ status: "sent", sentAt: now });
          await locked.record({ kind: "sent", actorId: userId, detail: { how: "manual" }, at: now });
          return { ...row, items: locked.invoice.items };
        }),
      );
    },

    /** Paid another way: a card payment still open would be a second payment, so it is cancelled. */
    async markPaid(userId: string, id: string, body: { paidOn: string; note?: string | null }) {
      const { invoice, ended } = await act(userId, id, "mark-paid", async (locked) => {
        const paidAt = paidOnDay(body.paidOn, locked.invoice.timeZone);
        const row = await locked.update({ status: "paid", paidAt, paidNote: body.note ?? null });
        const detail = { how: "manual" as const, paidOn: body.paidOn, ...(body.note ? { note: body.note } : {}) };
        await locked.record({ kind: "paid", actorId: userId, detail, at: clock() });
        const ended = await deps.openPayments.endOpen(locked.tx, id);
        return { invoice: { ...row, items: locked.invoice.items }, ended };
      });
      if (ended > 0) deps.openPayments.runSoon();
      return shown(invoice);
    },

    /** Nothing is owed any more: a card payment still open is cancelled. */
    async cancel(userId: string, id: string) {
      const { invoice, ended } = await act(userId, id, "cancel", async (locked) => {
        const now = clock();
        const row = await locked.update({ status: "cancelled", cancelledAt: now });
        await locked.record({ kind: "cancelled", actorId: userId, at: now });
        const ended = await deps.openPayments.endOpen(locked.tx, id);
        return { invoice: { ...row, items: locked.invoice.items }, ended };
      });
      if (ended > 0) deps.openPayments.runSoon();
      return shown(invoice);
    },

    /** A new draft with the same parties, lines and tax; a new number, issued today. */
    async duplicate(userId: string, id: string) {
      const original = await repository.findForUser(id, userId);
      if (!original) throw HttpError.notFound(NOT_FOUND);
      const {
        id: _id,
        userId: _u,
        invoiceNumber,
        items,
        createdAt: _c,
        sentAt: _s,
        paidAt: _p,
        paidNote: _n,
        cancelledAt: _x,
        ...fields
      } = original;
      const now = clock();
      const { issueDate, dueDate } = issuedAt(now, INVOICE_DUE_DAYS, fields.timeZone);
      const lines = items.map(({ id: _i, invoiceId: _v, ...line }) => line);
      // The copy's first event says where it came from (it stands for "created").
      const events = [
        { kind: "duplicated-from" as const, actorId: userId, at: now, detail: { invoiceId: id, invoiceNumber } },
      ];
      // Numbers as the form makes them; a clash (two copies in one millisecond) takes the next one.
      for (let attempt = 0; ; attempt += 1) {
        try {
          const number = `INV-${now.getTime() + attempt}`;
          const copy = await repository.create(
            { ...fields, userId, invoiceNumber: number, issueDate, dueDate, status: "draft" },
            lines,
            events,
          );
          return shown(copy);
        } catch (error) {
          if (attempt >= 5 || !isUniqueViolation(error, INVOICE_NUMBER_CONSTRAINT)) return numberTaken(error);
        }
      }
    },
  };
}

export type InvoiceLifecycle = ReturnType<typeof createInvoiceLifecycle>;
