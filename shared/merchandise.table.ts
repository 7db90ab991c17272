import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from "./constants";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "./merchandise-variants";
import type { MerchandiseOption, VariantOptions } from "./merchandise-variants";

export const merchandise = pgTable(
  "merchandise",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull(),
    description: text("description"),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    imageUrl: text("image_url"),
    category: text("category"),
    /** The artist whose merchandise it is: the platform's income from it shows on their royalty statements. */
    artist: text("artist"),
    /**
     * The sum of the variants' stock, kept by a trigger on merchandise_variants (the variants'
     * stock is the one that is held and sold); the landing grid reads it as before.
     */
    stockQuantity: integer("stock_quantity").notNull().default(0),
    isAvailable: integer("is_available").notNull().default(1),
    maxPerOrder: integer("max_per_order").notNull().default(DEFAULT_MAX_PER_ORDER),
    /** A pre-order: the day it starts shipping, shown on its page, in the cart and the confirmation. */
    shipsFrom: date("ships_from", { mode: "string" }),
    /** Up to three options, in order, each with its values in order: [{ name: "Size", values: ["S", "M"] }]. */
    options: jsonb("options").$type<MerchandiseOption[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    check("merchandise_stock_quantity_check", sql`${table.stockQuantity} >= 0`),
    check("merchandise_price_check", sql`${table.price} >= 0`),
    check(
      "merchandise_max_per_order_check",
      sql`${table.maxPerOrder} between 1 and ${sql.raw(String(MAX_PER_ORDER_LIMIT))}`,
    ),
  ],
);

/**
 * One sellable combination of an item's options, with its own SKU, price and stock. An item
 * without options has exactly one variant whose options are {} (a trigger on merchandise gives
 * every new item that one, with the item's stock). The stock held by a checkout is the variant's.
 */
export const merchandiseVariants = pgTable(
  "merchandise_variants",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    merchandiseId: varchar("merchandise_id")
      .notNull()
      .references(() => merchandise.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    /** The option values of this combination by option name: { Size: "S", Colour: "Black" }; {} for none. */
    options: jsonb("options").$type<VariantOptions>().notNull().default({}),
    /** Its own price, or null for the item's. */
    price: numeric("price", { precision: 10, scale: 2 }),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /** The administrators get one e-mail when stock falls to this. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(DEFAULT_LOW_STOCK_THRESHOLD),
    /** When that e-mail was queued; cleared when stock rises above the threshold again. */
    lowStockNotifiedAt: timestamp("low_stock_notified_at", { withTimezone: true }),
    /** The order of the pickers' combinations (the options' order, then the values'). */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    uniqueIndex("merchandise_variants_sku_idx").on(table.sku),
    uniqueIndex("merchandise_variants_item_options_idx").on(table.merchandiseId, table.options),
    check("merchandise_variants_stock_quantity_check", sql`${table.stockQuantity} >= 0`),
    check("merchandise_variants_price_check", sql`${table.price} >= 0`),
    check("merchandise_variants_low_stock_threshold_check", sql`${table.lowStockThreshold} >= 0`),
  ],
);

/** "Tell me when it's back": one request per variant and e-mail, answered once. */
export const merchandiseStockRequests = pgTable(
  "merchandise_stock_requests",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    variantId: varchar("variant_id")
      .notNull()
      .references(() => merchandiseVariants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    /** When the "it's back" e-mail was queued; a request is answered once. */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** When the address's owner opened the confirmation link; only confirmed requests are e-mailed. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("merchandise_stock_requests_variant_email_idx").on(table.variantId, sql`lower(${table.email})`),
    index("merchandise_stock_requests_waiting_idx")
      .on(table.variantId)
      .where(sql`${table.notifiedAt} is null`),
  ],
);

/** Shipping zones: the countries the shop ships to, each zone with its tax rate. */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text("name").notNull().unique(),
    /** ISO 3166-1 alpha-2 codes, upper case; a country is in at most one zone (checked on save). */
    countries: text("countries").array().notNull(),
    /** A percentage ("20" is 20 %), applied to items and shipping. */
    taxRate: numeric("tax_rate", { precision: 6, scale: 3 }).notNull().default("0"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [check("shipping_zones_tax_rate_check", sql`${table.taxRate} >= 0 and ${table.taxRate} <= 100`)],
);

/**
 * What shipping an item costs to a zone, Bandcamp style: an order pays the highest `first` of
 * its items once, and `additional` for every other unit. No rate for a zone: the item does not
 * ship there.
 */
export const merchandiseShippingRates = pgTable(
  "merchandise_shipping_rates",
  {
    merchandiseId: varchar("merchandise_id")
      .notNull()
      .references(() => merchandise.id, { onDelete: "cascade" }),
    zoneId: varchar("zone_id")
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
    first: numeric("first", { precision: 10, scale: 2 }).notNull(),
    additional: numeric("additional", { precision: 10, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchandiseId, table.zoneId] }),
    index("merchandise_shipping_rates_zone_idx").on(table.zoneId),
    check("merchandise_shipping_rates_amounts_check", sql`${table.first} >= 0 and ${table.additional} >= 0`),
  ],
);
