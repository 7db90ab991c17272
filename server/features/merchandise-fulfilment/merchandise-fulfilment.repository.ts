import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { users } from "@shared/users.table";
import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import {
  merchandiseFulfilmentLines,
  merchandiseFulfilments,
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseReturnLines,
  merchandiseReturns,
} from "@shared/merchandise-orders.table";
import type { VariantOptions } from "@shared/merchandise-variants";
import type { Database, Executor, Transaction } from "../../db/database";
import type { StockAlerts } from "../../lib/variant-stock";

/** A line with what has become of it: units sent, units returned and refunded, units asked back. */
export interface LineState {
  id: string;
  orderId: string;
  variantId: string | null;
  sku: string;
  options: VariantOptions;
  itemName: string;
  quantity: number;
  unitPrice: string;
  tax: string;
  shipsFrom: string | null;
  shippedQuantity: number;
  returnedQuantity: number;
  /** Units refunded before they shipped: never to ship. */
  refundedQuantity: number;
}

export interface FulfilmentRow {
  id: string;
  orderId: string;
  carrier: string;
  trackingNumber: string;
  shippedAt: Date;
  lines: { lineId: string; quantity: number }[];
}

export interface ReturnRow {
  id: string;
  orderId: string;
  status: string;
  reason: string | null;
  restock: boolean;
  refundAmount: string | null;
  refundId: string | null;
  requestedAt: Date;
  refundedAt: Date | null;
  rejectionReason: string | null;
  lines: { lineId: string; quantity: number; refundAmount: string | null }[];
}

// Units sent and units returned (approved or refunded) per line, one aggregate each. The line's
// id is written qualified: drizzle writes a lone column unqualified, which inside the subquery
// would name the return's own id.
const shippedOf = sql<number>`coalesce((select sum(fl.quantity) from ${merchandiseFulfilmentLines} fl where fl.order_line_id = "merchandise_order_lines"."id"), 0)::int`;
const returnedOf = sql<number>`coalesce((select sum(rl.quantity) from ${merchandiseReturnLines} rl join ${merchandiseReturns} r on r.id = rl.return_id where rl.order_line_id = "merchandise_order_lines"."id" and r.status in ('approved', 'refunded')), 0)::int`;

export function createMerchandiseFulfilmentRepository(db: Database, stock: Pick<StockAlerts, "adjust">) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async find(orderId: string, tx: Executor = db): Promise<MerchandiseOrderRow | undefined> {
      const [row] = await tx.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, orderId));
      return row;
    },

    /** Row lock: shipping, returns and cancellation of one order happen one after the other. */
    async lock(orderId: string, tx: Transaction): Promise<MerchandiseOrderRow | undefined> {
      const [row] = await tx.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, orderId)).for("update");
      return row;
    },

    lines(orderIds: string[], tx: Executor = db): Promise<LineState[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return tx
        .select({
          id: merchandiseOrderLines.id,
          orderId: merchandiseOrderLines.orderId,
          variantId: merchandiseOrderLines.variantId,
          sku: merchandiseOrderLines.sku,
          options: merchandiseOrderLines.options,
          itemName: merchandiseOrderLines.itemName,
          quantity: merchandiseOrderLines.quantity,
          unitPrice: merchandiseOrderLines.unitPrice,
          tax: merchandiseOrderLines.tax,
          shipsFrom: merchandiseOrderLines.shipsFrom,
          shippedQuantity: shippedOf,
          returnedQuantity: returnedOf,
          refundedQuantity: merchandiseOrderLines.refundedQuantity,
        })
        .from(merchandiseOrderLines)
        .where(inArray(merchandiseOrderLines.orderId, orderIds))
        .orderBy(
          asc(merchandiseOrderLines.orderId),
          asc(merchandiseOrderLines.position),
          asc(merchandiseOrderLines.id),
        );
    },

    async fulfilments(orderId: string, tx: Executor = db): Promise<FulfilmentRow[]> {
      const rows = await tx
        .select({
          id: merchandiseFulfilments.id,
          orderId: merchandiseFulfilments.orderId,
          carrier: merchandiseFulfilments.carrier,
          trackingNumber: merchandiseFulfilments.trackingNumber,
          shippedAt: merchandiseFulfilments.shippedAt,
          lines: sql<
            { lineId: string; quantity: number }[]
          >`coalesce((select json_agg(json_build_object('lineId', fl.order_line_id, 'quantity', fl.quantity) order by fl.order_line_id) from ${merchandiseFulfilmentLines} fl where fl.fulfilment_id = "merchandise_fulfilments"."id"), '[]'::json)`,
        })
        .from(merchandiseFulfilments)
        .where(eq(merchandiseFulfilments.orderId, orderId))
        .orderBy(asc(merchandiseFulfilments.shippedAt), asc(merchandiseFulfilments.id));
      return rows;
    },

    async returns(orderId: string, tx: Executor = db): Promise<ReturnRow[]> {
      return tx
        .select({
          id: merchandiseReturns.id,
          orderId: merchandiseReturns.orderId,
          status: merchandiseReturns.status,
          reason: merchandiseReturns.reason,
          restock: merchandiseReturns.restock,
          refundAmount: merchandiseReturns.refundAmount,
          refundId: merchandiseReturns.refundId,
          requestedAt: merchandiseReturns.requestedAt,
          refundedAt: merchandiseReturns.refundedAt,
          rejectionReason: merchandiseReturns.rejectionReason,
          lines: sql<
            ReturnRow["lines"]
          >`coalesce((select json_agg(json_build_object('lineId', rl.order_line_id, 'quantity', rl.quantity, 'refundAmount', rl.refund_amount) order by rl.order_line_id) from ${merchandiseReturnLines} rl where rl.return_id = "merchandise_returns"."id"), '[]'::json)`,
        })
        .from(merchandiseReturns)
        .where(eq(merchandiseReturns.orderId, orderId))
        .orderBy(asc(merchandiseReturns.requestedAt), asc(merchandiseReturns.id));
    },

    async lockReturn(returnId: string, orderId: string, tx: Transaction): Promise<ReturnRow | undefined> {
      await tx
        .select({ id: merchandiseReturns.id })
        .from(merchandiseReturns)
        .where(eq(merchandiseReturns.id, returnId))
        .for("update");
      return (await this.returns(orderId, tx)).find((r) => r.id === returnId);
    },

    async insertFulfilment(
      tx: Transaction,
      values: { orderId: string; carrier: string; trackingNumber: string; createdBy: string | null },
      lines: { lineId: string; quantity: number }[],
    ): Promise<string> {
      const [row] = await tx.insert(merchandiseFulfilments).values(values).returning({ id: merchandiseFulfilments.id });
      await tx
        .insert(merchandiseFulfilmentLines)
        .values(lines.map((l) => ({ fulfilmentId: row.id, orderLineId: l.lineId, quantity: l.quantity })));
      return row.id;
    },

    async insertReturn(
      tx: Transaction,
      values: typeof merchandiseReturns.$inferInsert,
      lines: { lineId: string; quantity: number; refundAmount: string | null }[],
    ): Promise<string> {
      const [row] = await tx.insert(merchandiseReturns).values(values).returning({ id: merchandiseReturns.id });
      await tx.insert(merchandiseReturnLines).values(
        lines.map((l) => ({
          returnId: row.id,
          orderLineId: l.lineId,
          quantity: l.quantity,
          refundAmount: l.refundAmount,
        })),
      );
      return row.id;
    },

    async approveReturn(
      tx: Transaction,
      returnId: string,
      values: { restock: boolean; refundAmount: string; approvedBy: string | null },
      lines: { lineId: string; quantity: number; refundAmount: string }[],
    ): Promise<void> {
      await tx
        .update(merchandiseReturns)
        .set({ ...values, status: "approved", approvedAt: new Date() })
        .where(eq(merchandiseReturns.id, returnId));
      await tx.delete(merchandiseReturnLines).where(eq(merchandiseReturnLines.returnId, returnId));
      await tx
        .insert(merchandiseReturnLines)
        .values(
          lines.map((l) => ({ returnId, orderLineId: l.lineId, quantity: l.quantity, refundAmount: l.refundAmount })),
        );
    },

    async rejectReturn(tx: Transaction, returnId: string, reason: string | null = null): Promise<void> {
      await tx
        .update(merchandiseReturns)
        .set({ status: "rejected", rejectionReason: reason })
        .where(and(eq(merchandiseReturns.id, returnId), eq(merchandiseReturns.status, "requested")));
    },

    async markReturnRefunded(tx: Transaction, returnId: string, refundId: string): Promise<boolean> {
      const rows = await tx
        .update(merchandiseReturns)
        .set({ status: "refunded", refundId, refundedAt: new Date() })
        .where(and(eq(merchandiseReturns.id, returnId), eq(merchandiseReturns.status, "approved")))
        .returning({ id: merchandiseReturns.id });
      return rows.length > 0;
    },

    /**
     * Puts units back on the variant's shelf through the shop's one stock-change path
     * (lib/variant-stock.ts): rows locked in the shared order, and the restock's e-mails (fans
     * waiting for it, the low-stock notice re-armed) queued in this transaction.
     */
    async restock(tx: Transaction, variantId: string, quantity: number): Promise<void> {
      await stock.adjust(tx, [{ variantId, delta: quantity }]);
    },

    async update(tx: Transaction, orderId: string, values: Partial<typeof merchandiseOrders.$inferInsert>) {
      await tx.update(merchandiseOrders).set(values).where(eq(merchandiseOrders.id, orderId));
    },

    /** The label name an administrator saved in Label Settings, printed on packing slips. */
    async labelName(): Promise<string | null> {
      const [row] = await db
        .select({ labelName: users.labelName })
        .from(users)
        .where(and(eq(users.role, "admin"), sql`nullif(trim(${users.labelName}), '') is not null`))
        .orderBy(desc(users.updatedAt))
        .limit(1);
      return row?.labelName?.trim() ?? null;
    },

    /** The export's orders: of one status, oldest first (the order they are packed in). */
    async ordersForExport(statuses: string[] | undefined): Promise<MerchandiseOrderRow[]> {
      return db
        .select()
        .from(merchandiseOrders)
        .where(statuses ? inArray(merchandiseOrders.status, statuses) : undefined)
        .orderBy(asc(merchandiseOrders.createdAt), asc(merchandiseOrders.id));
    },
  };
}

export type MerchandiseFulfilmentRepository = ReturnType<typeof createMerchandiseFulfilmentRepository>;
