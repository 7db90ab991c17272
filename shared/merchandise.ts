import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { merchandiseApi } from "./merchandise.api";
import {
  checkStockChange,
  merchandiseOptionAnswerSchema,
  merchandiseVariantSchema,
  setMerchandiseOptionsSchema,
  stockRequestAnswerSchema,
  stockChangeFields,
  stockRequestSchema,
  updateMerchandiseVariantSchema,
  variantParams,
} from "./merchandise-variants";
import { merchandiseVariantsApi } from "./merchandise-variants.api";
import { decimalString, flag, isoDate, optionalText, optionalUrlOrPath, requiredText } from "./validation";
import type { merchandise } from "./merchandise.table";
import { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from "./constants";
export { DEFAULT_MAX_PER_ORDER, MAX_PER_ORDER_LIMIT } from "./constants";

export { DEFAULT_LOW_STOCK_THRESHOLD } from "./merchandise-variants";

const merchandiseFields = {
  name: requiredText(200),
  description: optionalText(2000),
  // The product's own message for an empty price (docs/product.md, "Merchandise").
  price: decimalString("Price is required"),
  imageUrl: optionalUrlOrPath,
  category: optionalText(100),
  /** The artist whose item it is: the platform's income from it reaches their royalty statements. */
  artist: optionalText(200),
  stockQuantity: z.int().min(0).max(1_000_000_000),
  isAvailable: flag,
  maxPerOrder: z
    .int({ error: "Enter a whole number" })
    .min(1, "At least 1")
    .max(MAX_PER_ORDER_LIMIT, `At most ${MAX_PER_ORDER_LIMIT}`),
  /** A pre-order's first shipping day ("YYYY-MM-DD"); null, "" (a form's empty box) or absent when it ships now. */
  shipsFrom: z
    .union([z.literal("").transform(() => null), isoDate])
    .nullable()
    .optional(),
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

/**
 * PATCH /api/merchandise/{id}: any subset, with no defaults filled in for missing fields. Stock
 * changes by `stockAdjustment`, or by `stockQuantity` with the stock the form read
 * (`expectedStockQuantity`); see stockChangeFields.
 */
export const updateMerchandiseSchema = z
  .object(merchandiseFields)
  .partial()
  .extend(stockChangeFields)
  .superRefine(checkStockChange);

/** An item as the API answers it. */
export const merchandiseSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    /** A decimal string such as "25.00": money never travels as a float. */
    price: z.string(),
    imageUrl: z.string().nullable(),
    category: z.string().nullable(),
    /** The artist whose royalty statements its sales are credited to, or null. */
    artist: z.string().nullable(),
    stockQuantity: z.int(),
    /** 1 when the item is on sale (the landing and the store show it), else 0. */
    isAvailable: z.int(),
    /** How many of it one order may take. */
    maxPerOrder: z.int(),
    /** A pre-order's first shipping day ("YYYY-MM-DD"), or null when it ships now. */
    shipsFrom: z.string().nullable(),
    /** Up to three options, each with its values, in the pickers' order; [] for none. */
    options: z.array(merchandiseOptionAnswerSchema),
    createdAt: instant,
  })
  .meta({ id: "Merchandise" });

/**
 * An item with its variants (one per combination of its options; one with options {} when it has
 * none), as the item's page, the landing grid and the admin's dialog read it.
 */
export const merchandiseWithVariantsSchema = merchandiseSchema
  .extend({ variants: z.array(merchandiseVariantSchema) })
  .meta({ id: "MerchandiseWithVariants" });
export type MerchandiseWithVariants = z.output<typeof merchandiseWithVariantsSchema>;

/** An item as JSON carries it: what the client receives. */
export type Merchandise = z.output<typeof merchandiseSchema>;
/** A row of the table, as the server reads it. */
export type MerchandiseRow = typeof merchandise.$inferSelect;
export type InsertMerchandise = z.infer<typeof insertMerchandiseSchema>;
export type InsertMerchandiseInput = z.input<typeof insertMerchandiseSchema>;
export type UpdateMerchandise = z.infer<typeof updateMerchandiseSchema>;
/** The PATCH body as a client sends it (before the schema's transforms). */
export type UpdateMerchandiseInput = z.input<typeof updateMerchandiseSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Merchandise" and "API". */
export const merchandiseContract = defineContract("merchandise", merchandiseApi, {
  listAvailable: {
    summary: "The items on sale, newest first, each with its options and variants",
    responses: { 200: z.array(merchandiseWithVariantsSchema) },
  },
  listAll: {
    summary: "Every item, on sale or not, newest first, each with its options and variants",
    responses: { 200: z.array(merchandiseWithVariantsSchema) },
  },
  create: {
    summary: "Adds an item; stock defaults to 0, availability to 1, the per-order maximum to 10",
    body: insertMerchandiseSchema,
    responses: { 201: merchandiseSchema },
  },
  update: {
    summary: "Changes the fields sent",
    description:
      "Other fields never touch stock. The stock of an item without options is its one variant's: stockAdjustment adds or takes units, or stockQuantity sets it if the stock is still expectedStockQuantity (409 when it moved, or when an adjustment would take more than there is; nothing is saved). An item with options has its stock per variant, so a stock change is a 400.",
    params: idParams,
    body: updateMerchandiseSchema,
    responses: { 200: merchandiseSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  remove: {
    summary: "Deletes an item; its past orders keep their copy of its name and price",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND },
  },
});

/** docs/product.md, "Merchandise": an item's page, its options and variants, and stock requests. */
export const merchandiseVariantsContract = defineContract("merchandiseVariants", merchandiseVariantsApi, {
  get: {
    summary: "An item on sale, with its options and variants",
    description: "404 for an unknown item or one not on sale.",
    params: idParams,
    responses: { 200: merchandiseWithVariantsSchema, ...NOT_FOUND },
  },
  setOptions: {
    summary: "Replaces the item's options (up to three); answers its variants, one per combination",
    description:
      "A variant whose combination remains keeps its SKU, price and stock; when an option is added or removed each variant carries on as the first combination that agrees with it; new combinations start with no stock and a generated SKU.",
    params: idParams,
    body: setMerchandiseOptionsSchema,
    responses: { 200: z.array(merchandiseVariantSchema), ...NOT_FOUND },
  },
  updateVariant: {
    summary: "Changes a variant's SKU, price (null: the item's), stock or low-stock threshold",
    description:
      "Answers the variant's item with all its variants. Stock changes by stockAdjustment, or by stockQuantity with the stock read (expectedStockQuantity); 409 when the stock moved since, when an adjustment would take more than there is, or when another variant has the SKU (nothing is saved).",
    params: variantParams,
    body: updateMerchandiseVariantSchema,
    responses: { 200: merchandiseWithVariantsSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  requestStock: {
    summary: "Asks for one e-mail when a sold-out variant is back in stock",
    description:
      "Sends the address a confirmation e-mail with a signed link; only a confirmed address gets the back-in-stock e-mail. Asking again is harmless. 409 when the variant is in stock; 429 past 3 sign-ups of one address by one visitor in an hour (STOCK_REQUESTS_PER_HOUR).",
    params: variantParams,
    body: stockRequestSchema,
    responses: { 201: stockRequestAnswerSchema, ...NOT_FOUND, 409: apiErrorSchema, 429: apiErrorSchema },
  },
});
