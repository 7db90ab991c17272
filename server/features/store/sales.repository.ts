import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { storePurchases } from "@shared/store.table";
import type { Executor } from "../../db/database";
import type { PurchaseRow } from "./store.repository";

// The money side of store purchases: paid, fee recorded, refunded. Each change is taken on the
// purchase's locked row, so a webhook delivered twice, or two events at once, change it once.

export async function lockPurchaseByIntent(tx: Executor, paymentIntentId: string): Promise<PurchaseRow | null> {
  const [row] = await tx
    .select()
    .from(storePurchases)
    .where(eq(storePurchases.paymentIntentId, paymentIntentId))
    .for("update");
  return row ?? null;
}

export async function lockPurchase(tx: Executor, id: string): Promise<PurchaseRow | null> {
  const [row] = await tx.select().from(storePurchases).where(eq(storePurchases.id, id)).for("update");
  return row ?? null;
}

export async function findPurchase(db: Executor, id: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(storePurchases).where(eq(storePurchases.id, id));
  return row ?? null;
}

/**
 * pending → paid once (a repeated webhook changes nothing: null), with its fee when Stripe told
 * it. A purchase whose refund in full was recorded before its payment becomes refunded at once.
 */
export async function markPurchasePaid(db: Executor, purchaseId: string, fee: string | null) {
  const [row] = await db
    .update(storePurchases)
    .set({
      status: sql`case when ${storePurchases.refundedAmount} >= ${storePurchases.amount} then 'refunded' else 'paid' end`,
      fee,
    })
    .where(and(eq(storePurchases.id, purchaseId), eq(storePurchases.status, "pending")))
    .returning();
  return row ?? null;
}

/** What Stripe has refunded of a purchase in all; a paid one refunded in full becomes refunded. */
export async function recordRefunded(db: Executor, purchase: PurchaseRow, refundedAmount: string, full: boolean) {
  await db
    .update(storePurchases)
    .set({ refundedAmount, status: full && purchase.status === "paid" ? "refunded" : purchase.status })
    .where(eq(storePurchases.id, purchase.id));
}

export async function setFee(db: Executor, purchaseId: string, fee: string) {
  await db.update(storePurchases).set({ fee }).where(eq(storePurchases.id, purchaseId));
}

/**
 * Paid sales whose fee (and so whose royalty line) is still due, oldest first; one bought in a
 * cart with its order's total (its fee is its share of the order's).
 */
export async function salesWithFeeDue(db: Executor, limit: number) {
  return db
    .select({
      id: storePurchases.id,
      paymentIntentId: storePurchases.paymentIntentId,
      amount: storePurchases.amount,
      orderTotal: merchandiseOrders.totalAmount,
    })
    .from(storePurchases)
    .leftJoin(merchandiseOrders, eq(merchandiseOrders.id, storePurchases.merchandiseOrderId))
    .where(and(isNull(storePurchases.fee), inArray(storePurchases.status, ["paid", "refunded"])))
    .orderBy(asc(storePurchases.createdAt))
    .limit(limit);
}

/** A release's card sales (paid or refunded), newest first, with the shop order of one bought in a cart. */
export async function salesOf(db: Executor, releaseId: string, limit: number) {
  return db
    .select({ purchase: storePurchases, orderNumber: merchandiseOrders.orderNumber })
    .from(storePurchases)
    .leftJoin(merchandiseOrders, eq(merchandiseOrders.id, storePurchases.merchandiseOrderId))
    .where(and(eq(storePurchases.releaseId, releaseId), inArray(storePurchases.status, ["paid", "refunded"])))
    .orderBy(desc(storePurchases.createdAt), desc(storePurchases.id))
    .limit(limit);
}
