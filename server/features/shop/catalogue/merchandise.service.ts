import type { InsertMerchandise, MerchandiseRow, UpdateMerchandise } from "@shared/merchandise";
import {
  optionCombinations,
  type MerchandiseOption,
  type SetMerchandiseOptions,
  type UpdateMerchandiseVariant,
  type VariantOptions,
} from "@shared/merchandise-variants";
import { slugify } from "@shared/slugs";
import { HttpError } from "../../../lib/http-error";
import type { Database, Executor, Transaction } from "../../../db/database";
import {
  defaultVariant,
  deleteItem,
  findItemWithVariants,
  findVariant,
  insertItem,
  lockItem,
  renameVariantSku,
  takenSkus,
  updateItem,
  updateVariantFields,
  variantsOfItem,
  writeOptions,
  type MerchandiseWithVariantsRow,
  type PlannedVariant,
} from "./merchandise.repository";
import { adjustStockAndAlert, lockStockRows, type StockAlertDeps } from "./variant-stock";

const NOT_FOUND = "Merchandise item not found";
const VARIANT_NOT_FOUND = "Variant not found";
export const PER_VARIANT_STOCK = "This item's stock is set per variant";

/** "Tour Shirt!" → "TOUR-SHIRT", "Rødt Ø" → "RODT-O": a SKU's part, letters and digits only. */
function skuPart(text: string, max: number): string {
  return slugify(text, max).toUpperCase() || "X";
}

/** The SKU a new variant gets: the item's name, then its values ("TOUR-SHIRT-M-BLACK"). */
export function generatedSku(itemName: string, options: VariantOptions): string {
  return [skuPart(itemName, 24), ...Object.values(options).map((value) => skuPart(value, 12))].join("-");
}

/**
 * The SKU the database gives an item's first variant when it is inserted by any path
 * ("SKU-" and twelve hex digits of its id, migrations/0022): a stand-in the shop replaces with
 * the scheme every variant has (the item's name, then its values), once it can.
 */
const AUTOMATIC_SKU = /^SKU-[0-9A-F]{12}$/;

/** The first free SKU of the scheme: "TOUR-TEE", else "TOUR-TEE-2", "TOUR-TEE-3"… */
function firstFree(wanted: string, taken: Set<string>): string {
  let sku = wanted;
  for (let n = 2; taken.has(sku.toLowerCase()); n++) sku = `${wanted}-${n}`;
  taken.add(sku.toLowerCase());
  return sku;
}

/**
 * A new item, whose single variant then takes the same SKU scheme as an item with options
 * ("TOUR-TEE-2026"), so a packing slip or an export reads one scheme whatever the item.
 */
export async function createItem(db: Database, values: InsertMerchandise): Promise<MerchandiseRow> {
  return db.transaction(async (tx) => {
    const row = await insertItem(tx, values);
    const wanted = generatedSku(row.name, {});
    await renameVariantSku(tx, row.id, firstFree(wanted, await takenSkus(tx, [wanted])));
    return row;
  });
}

/** Whether two combinations agree on every option both have (one extends or narrows the other). */
function compatible(a: VariantOptions, b: VariantOptions): boolean {
  return Object.keys(a).every((name) => !(name in b) || a[name] === b[name]);
}

const sameOptions = (a: VariantOptions, b: VariantOptions) =>
  Object.keys(a).length === Object.keys(b).length && compatible(a, b);

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === "23505";
}

/** The stock fields of a save (shared/merchandise-variants.ts, stockChangeFields). */
interface StockChange {
  stockQuantity?: number;
  expectedStockQuantity?: number;
  stockAdjustment?: number;
}

export const stockMovedMessage = (now: number) =>
  `The stock changed while you were editing: it is now ${now}. Nothing was saved. Check the new stock and save again.`;

/**
 * The units a save adds (or takes) given the stock there is now (`current`, read under lock): its
 * adjustment, or the new stock minus the stock the form read, refused with 409 when the stock has
 * moved since (a checkout sold some): writing the form's number back would undo that sale.
 */
export function stockDelta(current: number, change: StockChange): number {
  if (change.stockAdjustment !== undefined) return change.stockAdjustment;
  if (change.stockQuantity === undefined || change.expectedStockQuantity === undefined) return 0;
  if (change.expectedStockQuantity !== current) throw HttpError.conflict(stockMovedMessage(current));
  return change.stockQuantity - current;
}

/** What the catalogue's writes need: the database, and the stock e-mails' outbox and links. */
export type CatalogueDeps = StockAlertDeps & { db: Database };

async function itemWithVariants(db: Executor, id: string): Promise<MerchandiseWithVariantsRow> {
  const row = await findItemWithVariants(db, id);
  if (!row) throw HttpError.notFound(NOT_FOUND);
  return row;
}

/** Moves a variant's stock through the shared path (with its e-mails); 409 below zero. */
async function adjustOneVariant(deps: StockAlertDeps, tx: Transaction, variantId: string, delta: number) {
  const [change] = await adjustStockAndAlert(deps, tx, [{ variantId, delta }]);
  if (change) return;
  const found = await findVariant(tx, variantId);
  const now = found?.variant.stockQuantity ?? 0;
  throw HttpError.conflict(`Only ${now} in stock: you can take away at most ${now}. Nothing was saved.`);
}

/** An item's page: an item on sale, with its options and variants. */
export async function getAvailableItem(db: Executor, id: string): Promise<MerchandiseWithVariantsRow> {
  const row = await itemWithVariants(db, id);
  if (row.isAvailable !== 1) throw HttpError.notFound(NOT_FOUND);
  return row;
}

/**
 * The item's fields; its stock, for an item without options, is its one variant's, changed
 * only by a relative adjustment or a new value checked against the one the form read
 * (stockChange). An item with options has its stock per variant: a change is refused.
 */
export async function updateItemAndStock(
  deps: CatalogueDeps,
  id: string,
  body: UpdateMerchandise,
): Promise<MerchandiseRow> {
  const { stockQuantity, expectedStockQuantity, stockAdjustment, ...values } = body;
  const row = await deps.db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    if (!item) throw HttpError.notFound(NOT_FOUND);
    const delta = stockDelta(item.stockQuantity, { stockQuantity, expectedStockQuantity, stockAdjustment });
    if (delta !== 0) {
      const variant = await defaultVariant(tx, id);
      if (!variant) throw HttpError.badRequest(PER_VARIANT_STOCK, { stockQuantity: [PER_VARIANT_STOCK] });
      await adjustOneVariant(deps, tx, variant.id, delta);
    }
    return updateItem(tx, id, values);
  });
  deps.messages.deliverSoon();
  if (!row) throw HttpError.notFound(NOT_FOUND);
  return row;
}

export async function removeItem(db: Executor, id: string): Promise<void> {
  if (!(await deleteItem(db, id))) throw HttpError.notFound(NOT_FOUND);
}

/**
 * Replaces the item's options; one variant per combination. A variant whose combination
 * still exists keeps its SKU, price and stock; when an option is added or removed, each
 * variant carries on as the first new combination that agrees with it (so the stock of an
 * item without options becomes its first combination's). Other variants are removed, and
 * new combinations start with no stock and a generated SKU.
 */
export async function setItemOptions(
  db: Database,
  id: string,
  { options }: SetMerchandiseOptions,
): Promise<MerchandiseWithVariantsRow> {
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, id);
    if (!item) throw HttpError.notFound(NOT_FOUND);
    const existing = await variantsOfItem(tx, id);
    const combos = optionCombinations(options as MerchandiseOption[]);
    const used = new Set<string>();
    const claim = (match: (v: (typeof existing)[number]) => boolean) => {
      const found = existing.find((v) => !used.has(v.id) && match(v));
      if (found) used.add(found.id);
      return found;
    };
    // Exact matches first, so no kept variant is moved onto another kept one's combination.
    const exact = combos.map((combo) => claim((v) => sameOptions(v.options, combo)));
    const matched = combos.map((combo, i) => exact[i] ?? claim((v) => compatible(v.options, combo)));
    // A kept variant still carrying the database's stand-in SKU takes the scheme's too.
    const wanted = combos.map((combo, i) =>
      matched[i] && !AUTOMATIC_SKU.test(matched[i].sku) ? undefined : generatedSku(item.name, combo),
    );
    const taken = await takenSkus(
      tx,
      wanted.filter((s): s is string => s !== undefined),
    );
    const planned: PlannedVariant[] = combos.map((combo, position) => {
      const kept = matched[position];
      const sku = wanted[position] === undefined ? kept!.sku : firstFree(wanted[position]!, taken);
      return kept ? { id: kept.id, sku, options: combo, position } : { sku, options: combo, position };
    });
    const removed = existing.filter((v) => !used.has(v.id)).map((v) => v.id);
    await writeOptions(tx, id, options as MerchandiseOption[], removed, planned);
  });
  return itemWithVariants(db, id);
}

/**
 * A variant's SKU, price (null: the item's), low-stock threshold, or stock: by a relative
 * adjustment, or a new value only while the stock is still the one the form read.
 */
export async function updateVariant(
  deps: CatalogueDeps,
  variantId: string,
  values: UpdateMerchandiseVariant,
): Promise<MerchandiseWithVariantsRow> {
  const { stockQuantity, expectedStockQuantity, stockAdjustment, ...fields } = values;
  let itemId: string;
  try {
    itemId = await deps.db.transaction(async (tx) => {
      // The item and the variant, in the order every stock change takes them.
      await lockStockRows(tx, [variantId]);
      const found = await findVariant(tx, variantId);
      if (!found) throw HttpError.notFound(VARIANT_NOT_FOUND);
      await updateVariantFields(tx, variantId, fields);
      const delta = stockDelta(found.variant.stockQuantity, { stockQuantity, expectedStockQuantity, stockAdjustment });
      if (delta !== 0) await adjustOneVariant(deps, tx, variantId, delta);
      return found.item.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw HttpError.conflict("Another variant already has this SKU");
    throw error;
  }
  deps.messages.deliverSoon();
  return itemWithVariants(deps.db, itemId);
}
