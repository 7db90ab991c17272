import { z } from "zod";

// The values the invoice events table stores in its kind and detail columns. The table and the
// contract both read them from here, so neither imports the other.

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

/** Reminder e-mails: 3 days before the due date, then 1 and 7 days after it. */
export const INVOICE_REMINDERS = ["due-in-3-days", "overdue-1-day", "overdue-7-days"] as const;

export type InvoiceReminder = (typeof INVOICE_REMINDERS)[number];

/** What an event records beside its kind; every key optional, by kind. */
export const invoiceEventDetailSchema = z.object({
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
