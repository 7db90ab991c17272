import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Cart, CartItem } from "@shared/merchandise-checkout";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import { merchandiseCarts, merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import type { VariantOptions } from "@shared/merchandise-variants";
import type { Database, Executor } from "../../db/database";
import { lockStockRows, stockChangeColumns, type VariantStockChange } from "../../lib/variant-stock";

/** A variant as the checkout prices it: its own price or its item's. */
export interface PricedVariant {
  variantId: string;
  merchandiseId: string;
  itemName: string;
  sku: string;
  options: VariantOptions;
  price: string;
  stockQuantity: number;
  isAvailable: number;
  maxPerOrder: number;
  shipsFrom: string | null;
}

export type NewOrderLine = typeof merchandiseOrderLines.$inferInsert;

/** "Tour Shirt (M / Black)", or the name alone for an item without options. */
export function lineLabel(itemName: string, options: VariantOptions): string {
  const values = Object.values(options);
  return values.length > 0 ? `${itemName} (${values.join(" / ")})` : itemName;
}

export function createCheckoutRepository(db: Database) {
  /**
   * Takes every line's quantity off its variant's shelf in ONE statement: the items and variants
   * are locked in id order first (so two carts sharing items cannot deadlock), and a variant is only
   * decremented while it has enough. Returns the stock change of each variant it took from (for
   * the low-stock e-mail); the caller rolls the transaction back unless that is every line, so a
   * short line holds nothing.
   */
  async function holdStock(items: readonly CartItem[], tx: Executor): Promise<VariantStockChange[]> {
    const ids = items.map((item) => item.variantId);
    const quantities = items.map((item) => item.quantity);
    // The items, then the variants, in id order before anything is written: the stock trigger
    // writes each variant's item too, so locking the variants alone left the items to be taken
    // in whatever order the statement met them.
    await lockStockRows(tx, ids);
    const rows = await tx.execute<VariantStockChange>(sql`
      with wanted as (
        select * from unnest(${sql.param(ids)}::varchar[], ${sql.param(quantities)}::int[]) as w(variant_id, quantity)
      )
      update ${merchandiseVariants} v
      set stock_quantity = v.stock_quantity - w.quantity
      from wanted w, ${merchandise} m
      where v.id = w.variant_id and m.id = v.merchandise_id and v.stock_quantity >= w.quantity
      returning ${stockChangeColumns(sql`-w.quantity`)}`);
    return rows.rows;
  }

  return {
    async variants(variantIds: string[], tx: Executor = db): Promise<PricedVariant[]> {
      if (variantIds.length === 0) return [];
      return tx
        .select({
          variantId: merchandiseVariants.id,
          merchandiseId: merchandise.id,
          itemName: merchandise.name,
          sku: merchandiseVariants.sku,
          options: merchandiseVariants.options,
          price: sql<string>`coalesce(${merchandiseVariants.price}, ${merchandise.price})`,
          stockQuantity: merchandiseVariants.stockQuantity,
          isAvailable: merchandise.isAvailable,
          maxPerOrder: merchandise.maxPerOrder,
          shipsFrom: merchandise.shipsFrom,
        })
        .from(merchandiseVariants)
        .innerJoin(merchandise, eq(merchandise.id, merchandiseVariants.merchandiseId))
        .where(inArray(merchandiseVariants.id, variantIds));
    },

    holdStock,

    async insertLines(lines: NewOrderLine[], tx: Executor): Promise<void> {
      if (lines.length > 0) await tx.insert(merchandiseOrderLines).values(lines);
    },

    async lines(orderId: string, tx: Executor = db) {
      return tx
        .select()
        .from(merchandiseOrderLines)
        .where(eq(merchandiseOrderLines.orderId, orderId))
        .orderBy(asc(merchandiseOrderLines.position));
    },

    /** Whether the order has lines of its own (placed through the cart, not the single-item checkout). */
    async isCartOrder(orderId: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ itemName: merchandiseOrders.itemName })
        .from(merchandiseOrders)
        .where(eq(merchandiseOrders.id, orderId));
      return row !== undefined && row.itemName === null;
    },

    async cart(userId: string): Promise<Cart> {
      const [row] = await db
        .select({ items: merchandiseCarts.items })
        .from(merchandiseCarts)
        .where(eq(merchandiseCarts.userId, userId));
      return { items: row?.items ?? [] };
    },

    async saveCart(userId: string, items: CartItem[]): Promise<void> {
      await db
        .insert(merchandiseCarts)
        .values({ userId, items })
        .onConflictDoUpdate({ target: merchandiseCarts.userId, set: { items, updatedAt: new Date() } });
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
