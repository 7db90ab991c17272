import { z } from "zod";
import { decimalString, flag, optionalText, optionalUrlOrPath, requiredText } from "./validation";
import type { merchandise } from "./merchandise.table";

/**
 * How many of one item a single order may take. Each unpaid checkout holds its quantity for a
 * while, so without a cap one visitor could hold an item's whole stock. Admins set it per item.
 */
export const DEFAULT_MAX_PER_ORDER = 10;
/** The highest per-order maximum an admin may set (and the most any order may ask for). */
export const MAX_PER_ORDER_LIMIT = 1000;

const merchandiseFields = {
  name: requiredText(200),
  description: optionalText(2000),
  // The product's own message for an empty price (docs/product.md, "Merchandise").
  price: decimalString("Price is required"),
  imageUrl: optionalUrlOrPath,
  category: optionalText(100),
  stockQuantity: z.int().min(0).max(1_000_000_000),
  isAvailable: flag,
  maxPerOrder: z
    .int({ error: "Enter a whole number" })
    .min(1, "At least 1")
    .max(MAX_PER_ORDER_LIMIT, `At most ${MAX_PER_ORDER_LIMIT}`),
};

// Written field by field, not derived from the table, so the client's bundle carries no table
// code; shared/request-schemas.test.ts checks the fields against the columns.
/** POST /api/merchandise; stock defaults to 0, availability to 1 and the per-order maximum to 10. */
export const insertMerchandiseSchema = z.object({
  ...merchandiseFields,
  stockQuantity: merchandiseFields.stockQuantity.default(0),
  isAvailable: merchandiseFields.isAvailable.default(1),
  maxPerOrder: merchandiseFields.maxPerOrder.default(DEFAULT_MAX_PER_ORDER),
});

/** PATCH /api/merchandise/{id}: any subset, with no defaults filled in for missing fields. */
export const updateMerchandiseSchema = z.object(merchandiseFields).partial();

export type Merchandise = typeof merchandise.$inferSelect;
export type InsertMerchandise = z.infer<typeof insertMerchandiseSchema>;
export type InsertMerchandiseInput = z.input<typeof insertMerchandiseSchema>;
export type UpdateMerchandise = z.infer<typeof updateMerchandiseSchema>;
/** The PATCH body as a client sends it (before the schema's transforms). */
export type UpdateMerchandiseInput = z.input<typeof updateMerchandiseSchema>;

/** An item as the merchandise calls send it (price a decimal string, createdAt an ISO string). */
export type MerchandiseResponse = Omit<Merchandise, "createdAt"> & { createdAt: string };
