import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { merchandise } from "./merchandise.table";

/**
 * Merchandise checkout (docs/product.md, "Merchandise shop"): an order reserves stock when its
 * payment is started and is confirmed by the same Stripe verification and webhook path as
 * vendor slots (docs/decisions/006-payment-settlement.md).
 * The item's name and price are copied so the order stays readable if the item changes.
 */
export const merchandiseOrders = pgTable(
  "merchandise_orders",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    merchandiseId: varchar("merchandise_id").references(() => merchandise.id, { onDelete: "set null" }),
    itemName: text("item_name").notNull(),
    unitPrice: numeric("unit_price", { precision: 10, scale: 2 }).notNull(),
    quantity: integer("quantity").notNull(),
    totalAmount: numeric("total_amount", { precision: 10, scale: 2 }).notNull(),
    customerEmail: text("customer_email").notNull(),
    // Who started the checkout (the rate limits' client key), to cap unpaid holds per address.
    clientAddress: text("client_address"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    paymentIntentId: text("payment_intent_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    index("merchandise_orders_merchandise_id_idx").on(table.merchandiseId),
    check("merchandise_orders_quantity_check", sql`${table.quantity} > 0`),
    // Unpaid checkouts are counted per address and per e-mail before a new one is started.
    index("merchandise_orders_pending_address_idx")
      .on(table.clientAddress, table.createdAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
    index("merchandise_orders_pending_email_idx")
      .on(sql`lower(${table.customerEmail})`, table.createdAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
  ],
);
