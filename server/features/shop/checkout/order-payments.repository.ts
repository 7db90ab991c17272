import { and, asc, count, eq, gt, lt, sql } from "drizzle-orm";
import type { MerchandiseOrderRow, MerchandisePaymentStatus } from "@shared/merchandise-orders";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import type { Executor } from "../../../db/database";
import {
  afterStockChange,
  lockStockRows,
  stockChangeColumns,
  type StockAlertDeps,
  type VariantStockChange,
} from "../catalogue/variant-stock";
import type { ShopDeps } from "../shop-deps";

/** The variants an order's lines hold, as a subquery (for lockStockRows). */
const linesVariants = (orderId: string) =>
  sql`select variant_id from merchandise_order_lines where order_id = ${orderId} and variant_id is not null`;

/** Puts back the stock an order's lines hold (each line's variant), reading the changes back. */
export async function releaseOrderStock(tx: Executor, orderId: string): Promise<VariantStockChange[]> {
  await lockStockRows(tx, linesVariants(orderId));
  const { rows } = await tx.execute<VariantStockChange>(sql`
    update merchandise_variants v set stock_quantity = v.stock_quantity + l.quantity
    from (
      -- Summed per variant: an UPDATE … FROM applies only one matching row to each variant.
      select variant_id, sum(quantity)::int as quantity from ${merchandiseOrderLines}
      where order_id = ${orderId} and variant_id is not null group by variant_id
    ) l, merchandise m
    where l.variant_id = v.id and m.id = v.merchandise_id
    returning ${stockChangeColumns(sql`l.quantity`)}`);
  return rows;
}

/**
 * Takes an order's stock again (a payment that succeeded after its hold was released): every
 * line whose variant still has enough; the lines answered are those taken.
 */
export async function retakeOrderStock(tx: Executor, orderId: string): Promise<VariantStockChange[]> {
  await lockStockRows(tx, linesVariants(orderId));
  const { rows } = await tx.execute<VariantStockChange>(sql`
    update merchandise_variants v set stock_quantity = v.stock_quantity - l.quantity
    from ${merchandiseOrderLines} l, merchandise m
    where l.order_id = ${orderId} and l.variant_id = v.id and m.id = v.merchandise_id
      and v.stock_quantity >= l.quantity
    returning ${stockChangeColumns(sql`-l.quantity`)}`);
  return rows;
}

export async function countOrderLines(tx: Executor, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(merchandiseOrderLines)
    .where(eq(merchandiseOrderLines.orderId, orderId));
  return row.n;
}

/**
 * An order that never got a PaymentIntent (Stripe failed): its stock goes back and the order is
 * deleted, its lines with it, only while it is still unpaid.
 */
export async function releaseUnpaidOrder(deps: StockAlertDeps & Pick<ShopDeps, "db" | "downloads">, orderId: string) {
  await deps.db.transaction(async (tx) => {
    await afterStockChange(deps, tx, await releaseOrderStock(tx, orderId), { released: true });
    await deps.downloads.drop(tx, orderId);
    const [deleted] = await tx
      .delete(merchandiseOrders)
      .where(and(eq(merchandiseOrders.id, orderId), eq(merchandiseOrders.paymentStatus, "pending")))
      .returning({ id: merchandiseOrders.id });
    if (!deleted) throw new Error("order was settled meanwhile");
  });
}

export async function setPaymentStatus(
  tx: Executor,
  id: string,
  status: Exclude<MerchandisePaymentStatus, "pending">,
): Promise<MerchandiseOrderRow> {
  const [row] = await tx
    .update(merchandiseOrders)
    .set({ paymentStatus: status, ...(status === "paid" ? { paidAt: new Date() } : {}) })
    .where(eq(merchandiseOrders.id, id))
    .returning();
  return row;
}

/** A late payment that could not take its stock back: paid, cancelled, its refund owed. */
export async function markLateRefundDue(tx: Executor, id: string): Promise<MerchandiseOrderRow> {
  const now = new Date();
  const [row] = await tx
    .update(merchandiseOrders)
    .set({ paymentStatus: "paid", status: "cancelled", paidAt: now, cancelledAt: now })
    .where(eq(merchandiseOrders.id, id))
    .returning();
  return row;
}

/** Stripe has the late payment's refund: the whole total went back. */
export async function markLateRefunded(tx: Executor, id: string): Promise<void> {
  await tx
    .update(merchandiseOrders)
    .set({ paymentStatus: "refunded", refundedAmount: sql`${merchandiseOrders.totalAmount}` })
    .where(eq(merchandiseOrders.id, id));
}

/** Orders owed a late payment's refund (cancelled as they were paid, payment still paid), by id after `after`. */
export async function findLateRefundsDue(db: Executor, after: string | undefined, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: merchandiseOrders.id })
    .from(merchandiseOrders)
    .where(
      and(
        eq(merchandiseOrders.status, "cancelled"),
        eq(merchandiseOrders.paymentStatus, "paid"),
        eq(merchandiseOrders.cancelledAt, merchandiseOrders.paidAt),
        after === undefined ? undefined : gt(merchandiseOrders.id, after),
      ),
    )
    .orderBy(asc(merchandiseOrders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Pending orders started before `before`, by id after `after`: abandoned checkouts still holding stock. */
export async function findStalePending(
  db: Executor,
  before: Date,
  after: string | undefined,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: merchandiseOrders.id })
    .from(merchandiseOrders)
    .where(
      and(
        eq(merchandiseOrders.paymentStatus, "pending"),
        lt(merchandiseOrders.createdAt, before),
        after === undefined ? undefined : gt(merchandiseOrders.id, after),
      ),
    )
    .orderBy(asc(merchandiseOrders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}
