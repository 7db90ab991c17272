import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import type { StoredInvoiceStatus, TaxMode } from "./invoices.values";
import { users } from "./users.table";

export const invoices = pgTable(
  "invoices",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: varchar("user_id")
      .notNull()
      // An issued invoice is a record the member's client holds: deleting a member never takes
      // their invoices with it.
      .references(() => users.id, { onDelete: "restrict" }),
    invoiceNumber: text("invoice_number").notNull(),
    issueDate: timestamp("issue_date", { withTimezone: true }).notNull(),
    dueDate: timestamp("due_date", { withTimezone: true }).notNull(),
    /**
     * The member's time zone when the dates were set (the form sends local midnight and end of
     * day): documents made on the server show the same calendar days. Null: shown in UTC.
     */
    timeZone: text("time_zone"),
    companyName: text("company_name"),
    companyAddress: text("company_address"),
    companyEmail: text("company_email"),
    companyPhone: text("company_phone"),
    clientName: text("client_name").notNull(),
    clientAddress: text("client_address"),
    clientEmail: text("client_email"),
    clientPhone: text("client_phone"),
    subtotal: numeric("subtotal", { precision: 10, scale: 2 }).notNull(),
    tax: numeric("tax", { precision: 10, scale: 2 }).notNull().default("0.00"),
    taxMode: text("tax_mode").$type<TaxMode>().notNull().default("amount"),
    /** Percent of the subtotal (0..100, 2 decimals) when taxMode is "percent"; else null. */
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }),
    total: numeric("total", { precision: 10, scale: 2 }).notNull(),
    notes: text("notes"),
    /**
     * How to pay without a card (bank details, terms), in the member's words; shown to the client
     * while card payment is not offered (docs/product.md, "Invoices").
     */
    paymentInstructions: text("payment_instructions"),
    status: text("status").$type<StoredInvoiceStatus>().notNull().default("draft"),
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidNote: text("paid_note"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // Numbers are unique per member, not across members: a shared namespace would let one member
    // learn from a 409 that another member's invoice number exists. It also serves "by user".
    unique("invoices_user_id_invoice_number_unique").on(table.userId, table.invoiceNumber),
    // The reminders job reads only sent invoices, by due date.
    index("invoices_sent_due_date_idx")
      .on(table.dueDate)
      .where(sql`${table.status} = 'sent'`),
    check("invoices_status_check", sql`${table.status} in ('draft', 'sent', 'paid', 'cancelled')`),
    check("invoices_tax_mode_check", sql`${table.taxMode} in ('amount', 'percent')`),
    check(
      "invoices_tax_rate_check",
      sql`${table.taxRate} is null or (${table.taxRate} >= 0 and ${table.taxRate} <= 100)`,
    ),
  ],
);

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    invoiceId: varchar("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: numeric("unit_price", { precision: 10, scale: 2 }).notNull(),
    total: numeric("total", { precision: 10, scale: 2 }).notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [index("invoice_line_items_invoice_id_idx").on(table.invoiceId)],
);
