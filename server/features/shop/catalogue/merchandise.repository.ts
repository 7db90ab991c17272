import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import type { InsertMerchandise, MerchandiseRow, UpdateMerchandise } from "@shared/merchandise";
import type { MerchandiseVariant, MerchandiseOption, VariantOptions } from "@shared/merchandise-variants";
import { merchandise, merchandiseStockRequests, merchandiseVariants } from "@shared/merchandise.table";
import type { Executor, Transaction } from "../../../db/database";

// Newest first; items added together (the demo content) fall back to name order.
const newestFirst = [desc(merchandise.createdAt), asc(merchandise.name)] as const;

/** An item with its variants, as the lists and the item's page answer it. */
export type MerchandiseWithVariantsRow = MerchandiseRow & { variants: MerchandiseVariant[] };

/**
 * Each item's variants as one JSON array, in the pickers' order, read in the same statement as
 * the items (no query per item). A variant without its own price shows the item's. The outer item is named
 * in full: drizzle writes a column of the selected table unqualified, which the subquery would read
 * as its own.
 */
const variantsOf = sql<MerchandiseVariant[]>`coalesce((
  select json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'options', v.options,
    'price', coalesce(v.price, "merchandise"."price")::text, 'ownPrice', v.price is not null,
    'stockQuantity', v.stock_quantity, 'lowStockThreshold', v.low_stock_threshold
  ) order by v.position, v.created_at, v.id)
  from merchandise_variants v where v.merchandise_id = "merchandise"."id"
), '[]'::json)`;

const withVariants = { ...getTableColumns(merchandise), variants: variantsOf };

/** A variant as it is about to be written by setOptions: kept (with its id) or new. */
export interface PlannedVariant {
  id?: string;
  sku: string;
  options: VariantOptions;
  position: number;
}

const selectWithVariants = (db: Executor, where?: SQL) =>
  db
    .select(withVariants)
    .from(merchandise)
    .where(where)
    .orderBy(...newestFirst);

export function listAvailableItems(db: Executor): Promise<MerchandiseWithVariantsRow[]> {
  return selectWithVariants(db, eq(merchandise.isAvailable, 1));
}

export function listAllItems(db: Executor): Promise<MerchandiseWithVariantsRow[]> {
  return selectWithVariants(db);
}

export async function findItemWithVariants(db: Executor, id: string): Promise<MerchandiseWithVariantsRow | undefined> {
  const [row] = await selectWithVariants(db, eq(merchandise.id, id));
  return row;
}

/** Whether an item is on sale, without its variants (its page's status). */
export async function findAvailableItem(db: Executor, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: merchandise.id })
    .from(merchandise)
    .where(and(eq(merchandise.id, id), eq(merchandise.isAvailable, 1)));
  return row;
}

export async function insertItem(db: Executor, values: InsertMerchandise): Promise<MerchandiseRow> {
  // A trigger gives the item its default variant, carrying this stock.
  const [row] = await db.insert(merchandise).values(values).returning();
  return row;
}

/** The SKU of an item's only variant (its default one, just made by the insert's trigger). */
export async function renameVariantSku(db: Executor, itemId: string, sku: string): Promise<void> {
  await db.update(merchandiseVariants).set({ sku }).where(eq(merchandiseVariants.merchandiseId, itemId));
}

export async function updateItem(
  db: Executor,
  id: string,
  values: UpdateMerchandise,
): Promise<MerchandiseRow | undefined> {
  // An empty PATCH changes nothing but must still answer with the row.
  if (!Object.values(values).some((value) => value !== undefined)) {
    const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
    return row;
  }
  const [row] = await db.update(merchandise).set(values).where(eq(merchandise.id, id)).returning();
  return row;
}

export async function deleteItem(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(merchandise).where(eq(merchandise.id, id)).returning({ id: merchandise.id });
  return rows.length > 0;
}

/** The item, locked: its options and variants change one writer at a time. */
export async function lockItem(tx: Transaction, id: string): Promise<MerchandiseRow | undefined> {
  const [row] = await tx.select().from(merchandise).where(eq(merchandise.id, id)).for("update");
  return row;
}

export function variantsOfItem(db: Executor, id: string) {
  return db
    .select()
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.merchandiseId, id))
    .orderBy(asc(merchandiseVariants.position), asc(merchandiseVariants.createdAt));
}

/** SKUs already taken among these. */
export async function takenSkus(db: Executor, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .select({ sku: merchandiseVariants.sku })
    .from(merchandiseVariants)
    .where(
      inArray(
        sql`lower(${merchandiseVariants.sku})`,
        skus.map((sku) => sku.toLowerCase()),
      ),
    );
  return new Set(rows.map((row) => row.sku.toLowerCase()));
}

/**
 * Writes the item's options and its variants: removes `removed`, then moves the kept ones to
 * their new options (never onto another kept one's, so the unique key holds at every row),
 * then adds the new ones with no stock.
 */
export async function writeOptions(
  tx: Transaction,
  id: string,
  options: MerchandiseOption[],
  removed: string[],
  planned: PlannedVariant[],
): Promise<void> {
  await tx.update(merchandise).set({ options }).where(eq(merchandise.id, id));
  for (const variantId of removed) {
    await tx.delete(merchandiseVariants).where(eq(merchandiseVariants.id, variantId));
  }
  for (const variant of planned.filter((v) => v.id)) {
    await tx
      .update(merchandiseVariants)
      .set({ sku: variant.sku, options: variant.options, position: variant.position })
      .where(eq(merchandiseVariants.id, variant.id!));
  }
  const added = planned.filter((v) => !v.id);
  if (added.length > 0) {
    await tx
      .insert(merchandiseVariants)
      .values(added.map((v) => ({ merchandiseId: id, sku: v.sku, options: v.options, position: v.position })));
  }
}

export async function findVariant(db: Executor, variantId: string) {
  const [row] = await db
    .select({ variant: merchandiseVariants, item: merchandise })
    .from(merchandiseVariants)
    .innerJoin(merchandise, eq(merchandise.id, merchandiseVariants.merchandiseId))
    .where(eq(merchandiseVariants.id, variantId));
  return row;
}

export async function updateVariantFields(
  tx: Executor,
  variantId: string,
  values: { sku?: string; price?: string | null; lowStockThreshold?: number },
): Promise<void> {
  if (Object.values(values).every((value) => value === undefined)) return;
  await tx.update(merchandiseVariants).set(values).where(eq(merchandiseVariants.id, variantId));
}

/** The item's only variant when it has no options ({}), else undefined. */
export async function defaultVariant(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(merchandiseVariants)
    .where(and(eq(merchandiseVariants.merchandiseId, id), sql`${merchandiseVariants.options} = '{}'::jsonb`));
  return row;
}

/**
 * Records a stock request in the sign-up's transaction; asking again is harmless (a request
 * answered before is renewed, a confirmation is kept).
 */
export async function insertStockRequest(
  tx: Executor,
  variantId: string,
  email: string,
): Promise<{ id: string; requestedAt: Date; confirmed: boolean }> {
  const { rows } = await tx.execute<{ id: string; created_at: Date | string; confirmed: boolean }>(sql`
    insert into ${merchandiseStockRequests} (variant_id, email) values (${variantId}, ${email})
    on conflict (variant_id, lower(email)) do update set notified_at = null
    returning id, created_at, confirmed_at is not null as confirmed`);
  // Raw statements read timestamps as the database's text.
  return { id: rows[0].id, requestedAt: new Date(rows[0].created_at), confirmed: rows[0].confirmed };
}

/** Confirms a sign-up (once; a second opening changes nothing) and names what it is for. */
export async function confirmStockRequest(db: Executor, id: string) {
  const { rows } = await db.execute<{
    itemName: string;
    options: VariantOptions;
    merchandiseId: string;
    stockQuantity: number;
    notified: boolean;
  }>(sql`
    update ${merchandiseStockRequests} r set confirmed_at = coalesce(r.confirmed_at, now())
    from merchandise_variants v join merchandise m on m.id = v.merchandise_id
    where r.id = ${id} and v.id = r.variant_id
    returning m.name as "itemName", v.options, m.id as "merchandiseId", v.stock_quantity as "stockQuantity",
      r.notified_at is not null as notified`);
  return rows[0];
}
