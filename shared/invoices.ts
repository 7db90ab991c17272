import { sql } from "drizzle-orm";
import { index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createInsertSchema } from "drizzle-zod";
import { z } from "zod";
import { users } from "./users";
import {
  decimalString,
  optionalEmail,
  optionalText,
  requiredText,
  timestampInput,
} from "./validation";

export const INVOICE_STATUSES = ["draft", "sent", "paid", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The create form offers only these (SPEC.md §2.8); overdue is displayed, never chosen. */
export const INVOICE_SELECTABLE_STATUSES = ["draft", "sent", "paid"] as const;

export const invoices = pgTable(
  "invoices",
  {
    id: varchar("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: varchar("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    invoiceNumber: text("invoice_number").notNull().unique(),
    issueDate: timestamp("issue_date", { withTimezone: true }).notNull(),
    dueDate: timestamp("due_date", { withTimezone: true }).notNull(),
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
    total: numeric("total", { precision: 10, scale: 2 }).notNull(),
    notes: text("notes"),
    status: text("status").notNull().default("draft"),
    createdAt: timestamp("created_at").defaultNow().notNull(),
  },
  (table) => [index("invoices_user_id_idx").on(table.userId)],
);

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: varchar("id").primaryKey().default(sql`gen_random_uuid()`),
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

/**
 * POST /api/invoices. userId comes from the session. Dates arrive as ISO strings.
 * Only the client name is required: an invoice card shows it (SPEC.md §2.8).
 */
export const insertInvoiceSchema = createInsertSchema(invoices, {
  invoiceNumber: requiredText(100),
  issueDate: timestampInput,
  dueDate: timestampInput,
  companyName: optionalText(200),
  companyAddress: optionalText(500),
  companyEmail: optionalEmail,
  companyPhone: optionalText(50),
  clientName: requiredText(200),
  clientAddress: optionalText(500),
  clientEmail: optionalEmail,
  clientPhone: optionalText(50),
  subtotal: decimalString(),
  tax: decimalString().default("0.00"),
  total: decimalString(),
  notes: optionalText(5000),
  status: z.enum(INVOICE_SELECTABLE_STATUSES).default("draft"),
}).omit({ id: true, createdAt: true, userId: true });

/** POST /api/invoices/{id}/items; invoiceId comes from the path. */
export const insertInvoiceLineItemSchema = createInsertSchema(invoiceLineItems, {
  description: requiredText(500),
  // SPEC.md §5: a line is only saved when its quantity is above 0.
  quantity: z.int().min(1).max(1_000_000),
  unitPrice: decimalString(),
  total: decimalString(),
  sortOrder: z.int().min(0).max(10_000).default(0),
}).omit({ id: true, invoiceId: true });

export type Invoice = typeof invoices.$inferSelect;
export type InsertInvoice = z.infer<typeof insertInvoiceSchema>;
export type InsertInvoiceInput = z.input<typeof insertInvoiceSchema>;
export type InvoiceLineItem = typeof invoiceLineItems.$inferSelect;
export type InsertInvoiceLineItem = z.infer<typeof insertInvoiceLineItemSchema>;
export type InsertInvoiceLineItemInput = z.input<typeof insertInvoiceLineItemSchema>;
