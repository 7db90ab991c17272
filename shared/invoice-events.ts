import { z } from "zod";
import { instant } from "./contract";
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
  "payment-refunded",
] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

/**
 * Why a card payment that went through could not pay the invoice and is refunded instead
 * (docs/decisions/026-money-applied-or-returned.md): the invoice was cancelled, it had been paid
 * already (another way, or by another payment), or its total changed after the payment began.
 */
export const INVOICE_REFUND_REASONS = ["cancelled", "paid", "changed"] as const;
export type InvoiceRefundReason = (typeof INVOICE_REFUND_REASONS)[number];

/** The reason in plain words, for the timeline and the e-mails ("…: the invoice was cancelled"). */
export const INVOICE_REFUND_REASON_TEXT: Record<InvoiceRefundReason, string> = {
  cancelled: "the invoice was cancelled",
  paid: "the invoice had already been paid",
  changed: "the invoice's total changed after the payment began",
};

/** Reminder e-mails: 3 days before the due date, then 1 and 7 days after it. */
export const INVOICE_REMINDERS = ["due-in-3-days", "overdue-1-day", "overdue-7-days"] as const;
export type InvoiceReminder = (typeof INVOICE_REMINDERS)[number];

/** What an event records beside its kind; every key optional, by kind. */
const invoiceEventDetailSchema = z.object({
  /** sent, reminded, paid (receipt), payment-refunded: the address written to. */
  to: z.string().optional(),
  /** sent: "email" or "manual"; paid: "manual" or "card". */
  how: z.enum(["email", "manual", "card"]).optional(),
  /** paid: the owner's note and the day it was paid. */
  note: z.string().optional(),
  paidOn: z.string().optional(),
  /** reminded: which reminder. */
  reminder: z.enum(INVOICE_REMINDERS).optional(),
  /** edited: the fields that changed. */
  fields: z.array(z.string()).optional(),
  /** payment-refunded: the card payment given back, and why it could not pay the invoice. */
  amount: z.string().optional(),
  refundReason: z.enum(INVOICE_REFUND_REASONS).optional(),
  /** duplicated-from: the original. */
  invoiceId: z.string().optional(),
  invoiceNumber: z.string().optional(),
});
export type InvoiceEventDetail = z.output<typeof invoiceEventDetailSchema>;

/** A row of the invoice_events table, as the server reads it. */
export type InvoiceEventRow = typeof invoiceEvents.$inferSelect;
export type NewInvoiceEvent = typeof invoiceEvents.$inferInsert;

/** One entry of an invoice's timeline as the API answers it. */
export const invoiceEventSchema = z
  .object({
    id: z.string(),
    invoiceId: z.string(),
    kind: z.enum(INVOICE_EVENT_KINDS),
    detail: invoiceEventDetailSchema,
    /** The member who acted; null for the client, a payment or the reminders job. */
    actorId: z.string().nullable(),
    at: instant,
  })
  .meta({ id: "InvoiceEvent" });

/** A timeline entry as JSON carries it. */
export type InvoiceEvent = z.output<typeof invoiceEventSchema>;
