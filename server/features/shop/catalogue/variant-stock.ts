import { sql, type SQL } from "drizzle-orm";
import { variantLabel, type VariantOptions } from "@shared/merchandise-variants";
import type { Executor, Transaction } from "../../../db/database";
import type { ShopDeps } from "../shop-deps";

/**
 * A variant whose stock a statement just changed, read back by that statement (its row stays
 * locked until the transaction ends, so these values are the current ones).
 */
export type VariantStockChange = {
  variantId: string;
  merchandiseId: string;
  itemName: string;
  sku: string;
  options: VariantOptions;
  /** Stock before and after the change. */
  before: number;
  after: number;
  lowStockThreshold: number;
  lowStockNotifiedAt: Date | string | null;
};

/**
 * The RETURNING list every stock-changing statement ends with, for a variant `v` of item `m`
 * whose stock moved by `delta` (after − before): the shape of VariantStockChange.
 */
export const stockChangeColumns = (delta: ReturnType<typeof sql>) => sql`
  v.id as "variantId", v.merchandise_id as "merchandiseId", m.name as "itemName", v.sku, v.options,
  v.stock_quantity - (${delta}) as "before", v.stock_quantity as "after",
  v.low_stock_threshold as "lowStockThreshold", v.low_stock_notified_at as "lowStockNotifiedAt"`;

/**
 * Locks the rows a stock change will write, always in the same order: the variants' items first,
 * then the variants, each by id. A variant's stock is summed onto its item's row by a trigger, so
 * a statement that changes several variants also writes their items, in whatever order it meets
 * them; two carts holding different variants of the same two items could then each hold one item
 * and wait for the other (a deadlock, answered 500). Every path that changes stock takes its
 * locks here first, so it never waits for a row it should have taken earlier
 * (docs/decisions/035-shop-stock-edits-and-late-payments.md). `variantIds` is a list of ids or a
 * subquery selecting them.
 */
export async function lockStockRows(tx: Executor, variantIds: readonly string[] | SQL): Promise<void> {
  if (Array.isArray(variantIds) && variantIds.length === 0) return;
  const ids = Array.isArray(variantIds)
    ? sql`select unnest(${sql.param([...variantIds])}::varchar[])`
    : (variantIds as SQL);
  await tx.execute(sql`
    select id from merchandise
    where id in (select merchandise_id from merchandise_variants where id in (${ids}))
    order by id for update`);
  await tx.execute(sql`select id from merchandise_variants where id in (${ids}) order by id for update`);
}

/** A change to one variant's stock: units added (positive) or taken (negative). */
export interface StockAdjustment {
  variantId: string;
  delta: number;
}

/**
 * The shared stock-change path: locks the rows in order, moves each variant's stock by its delta
 * in one statement, and reads the changes back. A variant that would fall below zero is left as
 * it is and missing from the answer (the caller decides whether that refuses the whole change).
 */
export async function adjustVariantStock(
  tx: Executor,
  adjustments: readonly StockAdjustment[],
): Promise<VariantStockChange[]> {
  // Summed per variant: an UPDATE … FROM applies only one matching row to each variant.
  const deltas = new Map<string, number>();
  for (const { variantId, delta } of adjustments) deltas.set(variantId, (deltas.get(variantId) ?? 0) + delta);
  const changed = [...deltas].filter(([, delta]) => delta !== 0);
  if (changed.length === 0) return [];
  const ids = changed.map(([id]) => id);
  await lockStockRows(tx, ids);
  const { rows } = await tx.execute<VariantStockChange>(sql`
    update merchandise_variants v set stock_quantity = v.stock_quantity + d.delta
    from unnest(${sql.param(ids)}::varchar[], ${sql.param(changed.map(([, delta]) => delta))}::int[]) as d(variant_id, delta),
      merchandise m
    where v.id = d.variant_id and m.id = v.merchandise_id and v.stock_quantity + d.delta >= 0
    returning ${stockChangeColumns(sql`d.delta`)}`);
  return rows;
}

/** What the stock e-mails need: the outbox, and the site's address for their links. */
export type StockAlertDeps = Pick<ShopDeps, "messages" | "appUrl">;

/**
 * After stock changed: the administrators' one e-mail when a variant falls to its threshold
 * (once, until it is restocked above it: `released` marks stock that only came back from an
 * abandoned or failed checkout, which does not count as a restock), and one e-mail to each fan
 * who asked to be told when a sold-out variant is back. In the transaction that changed the
 * stock, so the e-mails go exactly when the change commits.
 */
export async function afterStockChange(
  deps: StockAlertDeps,
  tx: Transaction,
  changes: readonly VariantStockChange[],
  { released = false }: { released?: boolean } = {},
): Promise<void> {
  for (const change of changes) {
    if (lowStockNoticeDue(change)) {
      await tx.execute(
        sql`update merchandise_variants set low_stock_notified_at = now() where id = ${change.variantId}`,
      );
      await deps.messages.queueToAdmins(tx, {
        template: "merchandise-low-stock",
        params: {
          itemName: change.itemName,
          variant: variantLabel(change.options),
          sku: change.sku,
          stockQuantity: change.after,
          threshold: change.lowStockThreshold,
          link: `${deps.appUrl}/merch/${change.merchandiseId}`,
          editorLink: `${deps.appUrl}/merchandise?edit=${change.merchandiseId}`,
        },
        aboutType: "merchandise_variant",
        aboutId: change.variantId,
      });
    } else if (change.after > change.lowStockThreshold && change.lowStockNotifiedAt !== null && !released) {
      // A restock (not a checkout's hold coming back) re-arms the notice.
      await tx.execute(
        sql`update merchandise_variants set low_stock_notified_at = null where id = ${change.variantId}`,
      );
    }
    if (change.before <= 0 && change.after > 0) await tellWaitingFans(deps, tx, change);
  }
}

/** Whether this change takes the variant down to its threshold for the first time since a restock. */
export function lowStockNoticeDue(change: VariantStockChange): boolean {
  return change.after <= change.lowStockThreshold && change.lowStockNotifiedAt === null && change.after < change.before;
}

async function tellWaitingFans(deps: StockAlertDeps, tx: Transaction, change: VariantStockChange) {
  const { rows } = await tx.execute<{ email: string; id: string }>(sql`
    update merchandise_stock_requests set notified_at = now()
    where variant_id = ${change.variantId} and notified_at is null and confirmed_at is not null
    returning id, email`);
  if (rows.length === 0) return;
  await deps.messages.queue(
    tx,
    rows.map((row) => ({
      template: "merchandise-back-in-stock" as const,
      recipient: row.email,
      params: {
        itemName: change.itemName,
        variant: variantLabel(change.options),
        link: `${deps.appUrl}/merch/${change.merchandiseId}`,
      },
      aboutType: "merchandise_stock_request",
      aboutId: row.id,
    })),
  );
}

/**
 * The shared path with its e-mails: adjusts the stock (adjustVariantStock) and sends what the
 * change calls for, in the same transaction. A restock (a return, a cancellation, an admin's
 * adjustment) tells the waiting fans and re-arms the low-stock notice; `released` marks stock
 * that only came back from an unpaid checkout.
 */
export async function adjustStockAndAlert(
  deps: StockAlertDeps,
  tx: Transaction,
  adjustments: readonly StockAdjustment[],
  options: { released?: boolean } = {},
): Promise<VariantStockChange[]> {
  const changes = await adjustVariantStock(tx, adjustments);
  await afterStockChange(deps, tx, changes, options);
  return changes;
}
