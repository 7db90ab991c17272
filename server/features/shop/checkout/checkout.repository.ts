import { eq, inArray } from "drizzle-orm";
import type { Cart, CartItem } from "@shared/merchandise-checkout";
import { merchandiseVariants } from "@shared/merchandise.table";
import { merchandiseCarts } from "@shared/merchandise-orders.table";
import type { Executor } from "../../../db/database";

export async function readCart(db: Executor, userId: string): Promise<Cart> {
  const [row] = await db
    .select({ items: merchandiseCarts.items })
    .from(merchandiseCarts)
    .where(eq(merchandiseCarts.userId, userId));
  return { items: row?.items ?? [] };
}

/** Saves a member's cart, keeping only variants that still exist. */
export async function saveCart(db: Executor, userId: string, { items }: Cart): Promise<Cart> {
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
  await db
    .insert(merchandiseCarts)
    .values({ userId, items: kept })
    .onConflictDoUpdate({ target: merchandiseCarts.userId, set: { items: kept, updatedAt: new Date() } });
  return { items: kept };
}
