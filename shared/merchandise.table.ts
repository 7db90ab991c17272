import { sql } from "drizzle-orm";
import { check, integer, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from "./merchandise";

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
    stockQuantity: integer("stock_quantity").notNull().default(0),
    isAvailable: integer("is_available").notNull().default(1),
    maxPerOrder: integer("max_per_order").notNull().default(DEFAULT_MAX_PER_ORDER),
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
