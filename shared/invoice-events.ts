import { z } from "zod";
import { instant } from "./contract";
import type { invoiceEvents } from "./invoice-events.table";
import { INVOICE_EVENT_KINDS, invoiceEventDetailSchema, type InvoiceRefundReason } from "./invoice-events.values";
export * from "./invoice-events.values";

/** The reason in plain words, for the timeline and the e-mails ("…: the invoice was cancelled"). */
export const INVOICE_REFUND_REASON_TEXT: Record<InvoiceRefundReason, string> = {
  cancelled: "the invoice was cancelled",
  paid: "the invoice had already been paid",
  changed: "the invoice's total changed after the payment began",
};

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
