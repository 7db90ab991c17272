import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { VariantOptions } from "./merchandise-variants";
import { merchandise, merchandiseVariants } from "./merchandise.table";
import { users } from "./users.table";

/**
 * Merchandise checkout (docs/product.md, "Merchandise shop"): an order reserves stock when its
 * payment is started and is confirmed by the same Stripe verification and webhook path as
 * vendor slots (docs/decisions/006-payment-settlement.md).
 * An order has lines (merchandise_order_lines), each a copy of what was bought, so the order stays
 * readable if the item changes. The single-item columns (merchandiseId … quantity) are those of
 * the orders placed before lines existed; a trigger gives any order inserted with them its one
 * line, so they and the lines never disagree.
 */
export const merchandiseOrderNumbers = pgSequence("merchandise_order_numbers", { startWith: 1001 });

export const merchandiseOrders = pgTable(
  "merchandise_orders",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    merchandiseId: varchar("merchandise_id").references(() => merchandise.id, { onDelete: "set null" }),
    itemName: text("item_name"),
    unitPrice: numeric("unit_price", { precision: 10, scale: 2 }),
    quantity: integer("quantity"),
    /** The total: subtotal + shipping + tax. */
    totalAmount: numeric("total_amount", { precision: 10, scale: 2 }).notNull(),
    customerEmail: text("customer_email").notNull(),
    // Who started the checkout (the rate limits' client key), to cap unpaid holds per address.
    clientAddress: text("client_address"),
    /** The payment alone: pending, paid, failed, refunded. The order's own state is `status`. */
    paymentStatus: text("payment_status").notNull().default("pending"),
    /**
     * The order's state (MERCHANDISE_ORDER_STATUSES): pending and failed before it is paid, then
     * paid, partially-shipped, shipped, returned or cancelled. A trigger follows paymentStatus
     * when a write changes only that (so code that knows only payments keeps it right).
     */
    status: text("status").notNull().default("pending"),
    /** The number the buyer and the admins quote ("#1001"); from merchandise_order_numbers. */
    orderNumber: bigint("order_number", { mode: "number" }).default(sql`nextval('merchandise_order_numbers')`),
    /** Money of the whole order (decimal, 2 places); null only on rows the backfill has not reached. */
    subtotal: numeric("subtotal", { precision: 10, scale: 2 }),
    shipping: numeric("shipping", { precision: 10, scale: 2 }),
    tax: numeric("tax", { precision: 10, scale: 2 }),
    /** What has been refunded so far (returns, a cancellation). */
    refundedAmount: numeric("refunded_amount", { precision: 10, scale: 2 }).notNull().default("0"),
    /** The shipping address; null on orders placed before the shop shipped. */
    shipName: text("ship_name"),
    shipLine1: text("ship_line1"),
    shipLine2: text("ship_line2"),
    shipCity: text("ship_city"),
    shipRegion: text("ship_region"),
    shipPostalCode: text("ship_postal_code"),
    /** ISO 3166-1 alpha-2, upper case. */
    shipCountry: text("ship_country"),
    /** The zone and its tax rate when the order was priced (zones change; the order does not). */
    shippingZone: text("shipping_zone"),
    taxRate: numeric("tax_rate", { precision: 6, scale: 3 }),
    /** A signed-in buyer (the cart follows a member); null for a visitor. */
    userId: varchar("user_id").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Set while an admin's cancellation is asking Stripe for its refund: shipping and returns are
     * refused until it ends, so no parcel leaves with its money on the way back
     * (docs/decisions/036-refunds-that-finish.md).
     */
    cancellingAt: timestamp("cancelling_at", { withTimezone: true }),
    paymentIntentId: text("payment_intent_id").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    index("merchandise_orders_merchandise_id_idx").on(table.merchandiseId),
    uniqueIndex("merchandise_orders_order_number_idx").on(table.orderNumber),
    // The admins' orders page: by status, newest first.
    index("merchandise_orders_status_idx").on(table.status, table.createdAt),
    // The orders page's search: a whole e-mail in any case, the start of the name shipped to.
    index("merchandise_orders_email_idx").on(sql`lower(${table.customerEmail})`),
    index("merchandise_orders_ship_name_idx").on(sql`lower(${table.shipName}) text_pattern_ops`),
    index("merchandise_orders_user_id_idx")
      .on(table.userId)
      .where(sql`${table.userId} is not null`),
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

/**
 * What an order bought, line by line: copies of the SKU, options, name and price, so the order
 * reads the same when the variant changes or is deleted (variantId null). `tax` is the line's
 * share of the order's tax (what a return of the whole line gives back with its price).
 */
export const merchandiseOrderLines = pgTable(
  "merchandise_order_lines",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    // Part of the order: they go only with it, and an order is deleted only while nothing was paid
    // (an unpaid checkout that never reached Stripe); its fulfilments and returns restrict.
    orderId: varchar("order_id")
      .notNull()
      .references(() => merchandiseOrders.id, { onDelete: "cascade" }),
    variantId: varchar("variant_id").references(() => merchandiseVariants.id, { onDelete: "set null" }),
    merchandiseId: varchar("merchandise_id").references(() => merchandise.id, { onDelete: "set null" }),
    sku: text("sku").notNull(),
    options: jsonb("options").$type<VariantOptions>().notNull().default({}),
    itemName: text("item_name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPrice: numeric("unit_price", { precision: 10, scale: 2 }).notNull(),
    tax: numeric("tax", { precision: 10, scale: 2 }).notNull().default("0"),
    /** Units refunded before they shipped (they will never ship): not owed, not held. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
    /** The item's ships-from day when it was ordered (a pre-order). */
    shipsFrom: date("ships_from", { mode: "string" }),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    index("merchandise_order_lines_order_idx").on(table.orderId),
    index("merchandise_order_lines_variant_idx").on(table.variantId),
    index("merchandise_order_lines_sku_idx").on(table.sku),
    check("merchandise_order_lines_quantity_check", sql`${table.quantity} > 0`),
    check("merchandise_order_lines_amounts_check", sql`${table.unitPrice} >= 0 and ${table.tax} >= 0`),
  ],
);

/** A parcel sent: some or all of an order's lines, with the carrier's tracking number. */
export const merchandiseFulfilments = pgTable(
  "merchandise_fulfilments",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: varchar("order_id")
      .notNull()
      .references(() => merchandiseOrders.id, { onDelete: "restrict" }),
    /** As the admin typed it; UPS, USPS, FedEx, DHL and Royal Mail get a tracking link. */
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).defaultNow().notNull(),
    createdBy: varchar("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    index("merchandise_fulfilments_order_idx").on(table.orderId),
    index("merchandise_fulfilments_tracking_idx").on(sql`lower(${table.trackingNumber})`),
  ],
);

export const merchandiseFulfilmentLines = pgTable(
  "merchandise_fulfilment_lines",
  {
    fulfilmentId: varchar("fulfilment_id")
      .notNull()
      .references(() => merchandiseFulfilments.id, { onDelete: "restrict" }),
    orderLineId: varchar("order_line_id")
      .notNull()
      .references(() => merchandiseOrderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fulfilmentId, table.orderLineId] }),
    index("merchandise_fulfilment_lines_line_idx").on(table.orderLineId),
    check("merchandise_fulfilment_lines_quantity_check", sql`${table.quantity} > 0`),
  ],
);

/**
 * A return: asked for by the buyer (requested) or entered by an admin, approved with or without
 * restock, then refunded through Stripe (refundId; its idempotency key is the return's id).
 */
export const merchandiseReturns = pgTable(
  "merchandise_returns",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: varchar("order_id")
      .notNull()
      .references(() => merchandiseOrders.id, { onDelete: "restrict" }),
    /** MERCHANDISE_RETURN_STATUSES: requested, approved, refunded, rejected. */
    status: text("status").notNull().default("requested"),
    reason: text("reason"),
    /** Whether the returned units go back on the shelf (set on approval). */
    restock: boolean("restock").notNull().default(false),
    /** The lines' price and their tax share, in total. */
    refundAmount: numeric("refund_amount", { precision: 10, scale: 2 }),
    refundId: text("refund_id").unique(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).defaultNow().notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    approvedBy: varchar("approved_by").references(() => users.id, { onDelete: "set null" }),
    /** Why an admin turned the request down, as the buyer's e-mail and order page show it. */
    rejectionReason: text("rejection_reason"),
  },
  (table) => [
    index("merchandise_returns_order_idx").on(table.orderId),
    check("merchandise_returns_refund_amount_check", sql`${table.refundAmount} >= 0`),
  ],
);

export const merchandiseReturnLines = pgTable(
  "merchandise_return_lines",
  {
    returnId: varchar("return_id")
      .notNull()
      .references(() => merchandiseReturns.id, { onDelete: "restrict" }),
    orderLineId: varchar("order_line_id")
      .notNull()
      .references(() => merchandiseOrderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    /** This line's refund: its units' price and their share of the line's tax. */
    refundAmount: numeric("refund_amount", { precision: 10, scale: 2 }),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.orderLineId] }),
    index("merchandise_return_lines_line_idx").on(table.orderLineId),
    check("merchandise_return_lines_quantity_check", sql`${table.quantity} > 0`),
  ],
);

/**
 * A refund of units that will not ship (after a partial shipment, an item that cannot be sent):
 * recorded "pending" before Stripe is asked and "refunded" once it answered, so asking again
 * finishes it under the same key (docs/decisions/036-refunds-that-finish.md).
 */
export const merchandiseOrderRefunds = pgTable(
  "merchandise_order_refunds",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: varchar("order_id")
      .notNull()
      .references(() => merchandiseOrders.id, { onDelete: "restrict" }),
    /** pending, refunded. */
    status: text("status").notNull().default("pending"),
    restock: boolean("restock").notNull(),
    /** The lines' price and their tax share, in total. */
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    /** Which units of which lines, and each line's refund. */
    lines: jsonb("lines").$type<{ lineId: string; quantity: number; amount: string }[]>().notNull(),
    refundId: text("refund_id").unique(),
    createdBy: varchar("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    index("merchandise_order_refunds_order_idx").on(table.orderId),
    check("merchandise_order_refunds_amount_check", sql`${table.amount} >= 0`),
  ],
);

/** A member's cart, so it follows them from device to device; a visitor's stays in the browser. */
export const merchandiseCarts = pgTable("merchandise_carts", {
  userId: varchar("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  items: jsonb("items").$type<{ variantId: string; quantity: number }[]>().notNull().default([]),
  /** The cart's downloads: releases or tracks, with a named price where the buyer gave one. */
  digital: jsonb("digital").$type<{ releaseId: string; trackId?: string; amount?: string }[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});
