import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { InvoiceEventDetail, InvoiceEventKind } from "./invoice-events.values";
import { invoices } from "./invoices.table";

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
