// Options and variants of a merchandise item: an item has up to three options (Size, Colour…),
// and one variant per combination of their values, each with its own SKU, price and stock. An
// item without options has one variant whose options are {}.
import { z } from "zod";
import { instant } from "./contract";
import { decimalString, email, requiredText } from "./validation";

/** At most this many options per item (Size, Colour, Material). */
export const MAX_OPTIONS = 3;
/** At most this many values per option. */
export const MAX_OPTION_VALUES = 30;
/** The administrators get one e-mail when a variant's stock falls to this, unless set otherwise. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 3;

/** One option of an item, as stored on it: its name and its values, in the pickers' order. */
export interface MerchandiseOption {
  name: string;
  values: string[];
}
/** A variant's value for each option, by option name: { Size: "S", Colour: "Black" }. */
export type VariantOptions = Record<string, string>;

const optionName = requiredText(40, "Name the option");
const optionValue = requiredText(40, "Enter a value");

const sameIgnoringCase = (list: string[]) => new Set(list.map((v) => v.toLowerCase())).size !== list.length;

/** One option as the admin defines it. */
export const merchandiseOptionSchema = z.object({
  name: optionName,
  values: z
    .array(optionValue)
    .min(1, "Give the option at least one value")
    .max(MAX_OPTION_VALUES, `At most ${MAX_OPTION_VALUES} values`)
    .refine((values) => !sameIgnoringCase(values), "Each value once"),
});

/** PUT /api/merchandise/{id}/options: the item's options, replacing the ones it had ([] for none). */
export const setMerchandiseOptionsSchema = z.object({
  options: z
    .array(merchandiseOptionSchema)
    .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)
    .refine((options) => !sameIgnoringCase(options.map((o) => o.name)), "Each option name once"),
});
export type SetMerchandiseOptions = z.infer<typeof setMerchandiseOptionsSchema>;
export type SetMerchandiseOptionsInput = z.input<typeof setMerchandiseOptionsSchema>;

/** A SKU: letters, digits and - _ . / (what labels print on tags and spreadsheets). */
export const skuSchema = z
  .string()
  .trim()
  .min(1, "Enter a SKU")
  .max(64, "At most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "Letters, digits and - _ . / only");

/** The most one save may add to or take from a variant's stock. */
export const MAX_STOCK_ADJUSTMENT = 1_000_000_000;

export const STOCK_NEEDS_READ_VALUE =
  "Send the stock you read (expectedStockQuantity) with the new stock, or send a stockAdjustment";
export const STOCK_CHANGE_TWICE = "Send either a stockAdjustment or a new stockQuantity, not both";

/**
 * How a save changes stock without writing back a stale number (checkouts sell while the admin's
 * form is open): `stockAdjustment` adds or takes units (+5, -2), or `stockQuantity` sets a new
 * stock only if the stock is still `expectedStockQuantity`, the value the form read (else 409).
 * A save without these never touches stock. docs/decisions/035-shop-stock-edits-and-late-payments.md.
 */
export const stockChangeFields = {
  expectedStockQuantity: z.int({ error: "Enter a whole number" }).min(0, "At least 0").max(1_000_000_000).optional(),
  stockAdjustment: z
    .int({ error: "Enter a whole number" })
    .min(-MAX_STOCK_ADJUSTMENT, `At least -${MAX_STOCK_ADJUSTMENT}`)
    .max(MAX_STOCK_ADJUSTMENT, `At most ${MAX_STOCK_ADJUSTMENT}`)
    .optional(),
};

/** The rules between the stock fields (refine a schema that has stockQuantity and stockChangeFields). */
export function checkStockChange(
  value: { stockQuantity?: number; expectedStockQuantity?: number; stockAdjustment?: number },
  ctx: z.RefinementCtx,
): void {
  if (value.stockQuantity !== undefined && value.stockAdjustment !== undefined) {
    ctx.addIssue({ code: "custom", path: ["stockAdjustment"], message: STOCK_CHANGE_TWICE });
  } else if (value.stockQuantity !== undefined && value.expectedStockQuantity === undefined) {
    ctx.addIssue({ code: "custom", path: ["stockQuantity"], message: STOCK_NEEDS_READ_VALUE });
  }
}

/** PATCH /api/merchandise/variants/{variantId}: any of these; price null goes back to the item's. */
export const updateMerchandiseVariantSchema = z
  .object({
    sku: skuSchema.optional(),
    price: decimalString().nullable().optional(),
    stockQuantity: z.int({ error: "Enter a whole number" }).min(0, "At least 0").max(1_000_000_000).optional(),
    lowStockThreshold: z.int({ error: "Enter a whole number" }).min(0, "At least 0").max(1_000_000).optional(),
    ...stockChangeFields,
  })
  .superRefine(checkStockChange);
export type UpdateMerchandiseVariant = z.infer<typeof updateMerchandiseVariantSchema>;
export type UpdateMerchandiseVariantInput = z.input<typeof updateMerchandiseVariantSchema>;

export const variantParams = z.object({ variantId: z.guid() });

/** A variant as the API answers it. `price` is its own or, when it has none, the item's. */
export const merchandiseVariantSchema = z
  .object({
    id: z.string(),
    sku: z.string(),
    options: z.record(z.string(), z.string()),
    /** A decimal string: the variant's own price, else the item's. */
    price: z.string(),
    /** Whether the price is the variant's own (false: it follows the item's). */
    ownPrice: z.boolean(),
    stockQuantity: z.int(),
    lowStockThreshold: z.int(),
  })
  .meta({ id: "MerchandiseVariant" });
export type MerchandiseVariant = z.output<typeof merchandiseVariantSchema>;

export const merchandiseOptionAnswerSchema = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .meta({ id: "MerchandiseOption" });

/** PUT …/options answers the item's variants, one per combination, in the pickers' order. */
export const merchandiseVariantsSchema = z.array(merchandiseVariantSchema);

/** POST /api/merchandise/variants/{variantId}/stock-requests: "tell me when it's back". */
export const stockRequestSchema = z.object({ email });
export type StockRequest = z.infer<typeof stockRequestSchema>;

/** The answer to a stock request: it is recorded (asking twice is harmless). */
export const stockRequestAnswerSchema = z
  .object({ variantId: z.string(), requestedAt: instant })
  .meta({ id: "MerchandiseStockRequest" });

/** The combination's label: "S / Black"; "" for a variant without options. */
export function variantLabel(options: VariantOptions, order?: readonly MerchandiseOption[]): string {
  const names = order ? order.map((o) => o.name).filter((n) => n in options) : Object.keys(options);
  return names.map((name) => options[name]).join(" / ");
}

/** Every combination of the options' values, in order (the first option varies slowest); [{}] for none. */
export function optionCombinations(options: readonly MerchandiseOption[]): VariantOptions[] {
  return options.reduce<VariantOptions[]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => ({ ...combo, [option.name]: value }))),
    [{}],
  );
}
