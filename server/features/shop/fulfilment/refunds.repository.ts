import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { merchandiseOrderLines, merchandiseOrderRefunds, merchandiseReturns } from "@shared/merchandise-orders.table";
import type { Executor, Transaction } from "../../../db/database";

export type OrderRefundRow = typeof merchandiseOrderRefunds.$inferSelect;

export function orderRefunds(db: Executor, orderId: string): Promise<OrderRefundRow[]> {
  return db
    .select()
    .from(merchandiseOrderRefunds)
    .where(eq(merchandiseOrderRefunds.orderId, orderId))
    .orderBy(asc(merchandiseOrderRefunds.createdAt), asc(merchandiseOrderRefunds.id));
}

export async function insertRefund(
  tx: Transaction,
  values: typeof merchandiseOrderRefunds.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(merchandiseOrderRefunds).values(values).returning({ id: merchandiseOrderRefunds.id });
  return row.id;
}

/** The units no longer owed: the order's lines are locked with the order (its row lock). */
export async function addRefundedUnits(tx: Transaction, lineId: string, quantity: number): Promise<void> {
  await tx
    .update(merchandiseOrderLines)
    .set({ refundedQuantity: sql`${merchandiseOrderLines.refundedQuantity} + ${quantity}` })
    .where(eq(merchandiseOrderLines.id, lineId));
}

/** Pending → refunded, once: false when it was already recorded. */
export async function markRefundRecorded(tx: Transaction, id: string, refundId: string): Promise<boolean> {
  const rows = await tx
    .update(merchandiseOrderRefunds)
    .set({ status: "refunded", refundId, refundedAt: new Date() })
    .where(and(eq(merchandiseOrderRefunds.id, id), eq(merchandiseOrderRefunds.status, "pending")))
    .returning({ id: merchandiseOrderRefunds.id });
  return rows.length > 0;
}

/**
 * Money the app has decided to give back but not recorded yet (Stripe asked, answer not
 * written): line refunds pending and returns approved but not refunded, in cents.
 */
export async function inFlightCents(tx: Transaction, orderId: string): Promise<number> {
  const [lineRefunds] = await tx
    .select({ cents: sql<string>`coalesce(sum(${merchandiseOrderRefunds.amount}) * 100, 0)::bigint` })
    .from(merchandiseOrderRefunds)
    .where(and(eq(merchandiseOrderRefunds.orderId, orderId), eq(merchandiseOrderRefunds.status, "pending")));
  const [returns] = await tx
    .select({ cents: sql<string>`coalesce(sum(${merchandiseReturns.refundAmount}) * 100, 0)::bigint` })
    .from(merchandiseReturns)
    .where(and(eq(merchandiseReturns.orderId, orderId), inArray(merchandiseReturns.status, ["approved"])));
  return Number(lineRefunds.cents) + Number(returns.cents);
}
