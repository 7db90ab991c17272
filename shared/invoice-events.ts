import type { invoiceEvents } from "./invoice-events.table";

/** What happened to an invoice, in order: its timeline (docs/decisions/016-invoice-lifecycle.md). */
export const INVOICE_EVENT_KINDS = [
  "created",
  "edited",
  "sent",
  "viewed",
  "reminded",
  "paid",
  "cancelled",
  "duplicated-from",
] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

/** Reminder e-mails: 3 days before the due date, then 1 and 7 days after it. */
export const INVOICE_REMINDERS = ["due-in-3-days", "overdue-1-day", "overdue-7-days"] as const;
export type InvoiceReminder = (typeof INVOICE_REMINDERS)[number];

/** What an event records beside its kind; every key optional, by kind. */
export interface InvoiceEventDetail {
  /** sent, reminded, paid (receipt): the address written to. */
  to?: string;
  /** sent: "email" or "manual"; paid: "manual" or "card". */
  how?: "email" | "manual" | "card";
  /** paid: the owner's note and the day it was paid. */
  note?: string;
  paidOn?: string;
  /** reminded: which reminder. */
  reminder?: InvoiceReminder;
  /** edited: the fields that changed. */
  fields?: string[];
  /** duplicated-from: the original. */
  invoiceId?: string;
  invoiceNumber?: string;
}

export type InvoiceEvent = typeof invoiceEvents.$inferSelect;
export type NewInvoiceEvent = typeof invoiceEvents.$inferInsert;

/** As JSON carries it. */
export type InvoiceEventResponse = Omit<InvoiceEvent, "at"> & { at: string };
