import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { invoices } from "./invoices";

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

export const invoiceEvents = pgTable(
  "invoice_events",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    // Events belong to their invoice; an invoice itself is deleted only as a draft.
    invoiceId: varchar("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind").$type<InvoiceEventKind>().notNull(),
    detail: jsonb("detail").$type<InvoiceEventDetail>().notNull().default({}),
    /** The member who acted; null for the client, a payment or the reminders job. */
    actorId: varchar("actor_id"),
    at: timestamp("at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("invoice_events_invoice_id_idx").on(table.invoiceId, table.at),
    // Each reminder goes out once per invoice, however many instances run the job at once.
    uniqueIndex("invoice_events_reminder_once_idx")
      .on(table.invoiceId, sql`(${table.detail}->>'reminder')`)
      .where(sql`${table.kind} = 'reminded'`),
  ],
);

export type InvoiceEvent = typeof invoiceEvents.$inferSelect;
export type NewInvoiceEvent = typeof invoiceEvents.$inferInsert;

/** As JSON carries it. */
export type InvoiceEventResponse = Omit<InvoiceEvent, "at"> & { at: string };
