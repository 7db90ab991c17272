import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { invoices } from "./invoices.table";

/**
 * Where an invoice's PaymentIntent stands (docs/decisions/026-money-applied-or-returned.md):
 * open (may be paid), cancelling (the invoice stopped wanting it; Stripe is asked after the
 * change commits), cancelled, settled (it paid the invoice), refunding (it succeeded but could
 * not settle; Stripe is asked for the refund) and refunded.
 */
export const INVOICE_PAYMENT_STATUSES = [
  "open",
  "cancelling",
  "cancelled",
  "settled",
  "refunding",
  "refunded",
] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/**
 * Every PaymentIntent made for an invoice, so that an edit, a mark as paid or a cancel can
 * cancel the ones still open, and a payment that cannot settle is refunded once.
 */
export const invoicePaymentIntents = pgTable(
  "invoice_payment_intents",
  {
    paymentIntentId: text("payment_intent_id").primaryKey(),
    // Restrict: a record of money taken or returned outlives any attempt to delete its invoice
    // (only drafts are deleted, and a draft is never paid by card).
    invoiceId: varchar("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    /** What the intent charges, as Stripe was asked for it. */
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    status: text("status").$type<InvoicePaymentStatus>().notNull().default("open"),
    /** Stripe's refund, once it has made it. */
    refundId: text("refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // An edit finds the invoice's open intents; "Pay now" counts the ended ones.
    index("invoice_payment_intents_invoice_id_idx").on(table.invoiceId, table.status),
    // The invoice-payments job reads only what still needs Stripe.
    index("invoice_payment_intents_due_idx")
      .on(table.updatedAt)
      .where(sql`${table.status} in ('cancelling', 'refunding')`),
    check(
      "invoice_payment_intents_status_check",
      sql`${table.status} in ('open', 'cancelling', 'cancelled', 'settled', 'refunding', 'refunded')`,
    ),
  ],
);
