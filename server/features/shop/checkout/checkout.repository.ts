import { and, eq, inArray } from "drizzle-orm";
import type { Cart, CartItem, DigitalLine } from "@shared/merchandise-checkout";
import { storeListings } from "@shared/store.table";
import { merchandiseVariants } from "@shared/merchandise.table";
import { merchandiseCarts } from "@shared/merchandise-orders.table";
import type { Executor } from "../../../db/database";

export async function readCart(db: Executor, userId: string): Promise<Cart> {
  const [row] = await db
    .select({ items: merchandiseCarts.items, digital: merchandiseCarts.digital })
    .from(merchandiseCarts)
    .where(eq(merchandiseCarts.userId, userId));
  return { items: row?.items ?? [], digital: row?.digital ?? [] };
}

/** The downloads of releases still on sale. */
async function downloadsOnSale(db: Executor, digital: DigitalLine[]): Promise<DigitalLine[]> {
  if (digital.length === 0) return [];
  const rows = await db
    .select({ releaseId: storeListings.releaseId })
    .from(storeListings)
    .where(
      and(
        inArray(
          storeListings.releaseId,
          digital.map((line) => line.releaseId),
        ),
        eq(storeListings.published, true),
      ),
    );
  const onSale = new Set(rows.map((row) => row.releaseId));
  return digital.filter((line) => onSale.has(line.releaseId));
}

/** Saves a member's cart, keeping only variants that still exist and releases still on sale. */
export async function saveCart(db: Executor, userId: string, { items, digital }: Cart): Promise<Cart> {
  const ids = items.map((item) => item.variantId);
  const known = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: merchandiseVariants.id })
            .from(merchandiseVariants)
            .where(inArray(merchandiseVariants.id, ids))
        ).map((row) => row.id),
  );
  const kept: CartItem[] = items.filter((item) => known.has(item.variantId));
  const keptDigital = await downloadsOnSale(db, digital);
  await db
    .insert(merchandiseCarts)
    .values({ userId, items: kept, digital: keptDigital })
    .onConflictDoUpdate({
      target: merchandiseCarts.userId,
      set: { items: kept, digital: keptDigital, updatedAt: new Date() },
    });
  return { items: kept, digital: keptDigital };
}
