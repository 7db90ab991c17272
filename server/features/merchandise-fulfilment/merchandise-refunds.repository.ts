import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import {
  merchandiseOrderLines,
  merchandiseOrderRefunds,
  merchandiseOrders,
  merchandiseReturns,
} from "@shared/merchandise-orders.table";
import type { Database, Executor, Transaction } from "../../db/database";

export type OrderRefundRow = typeof merchandiseOrderRefunds.$inferSelect;

/** The SQL of refunds of units that will not ship, and of what the webhook must not count twice. */
export function createMerchandiseRefundsRepository(db: Database) {
  return {
    async findByPaymentIntent(paymentIntentId: string, tx: Executor = db): Promise<MerchandiseOrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(merchandiseOrders)
        .where(eq(merchandiseOrders.paymentIntentId, paymentIntentId));
      return row;
    },

    refunds(orderId: string, tx: Executor = db): Promise<OrderRefundRow[]> {
      return tx
        .select()
        .from(merchandiseOrderRefunds)
        .where(eq(merchandiseOrderRefunds.orderId, orderId))
        .orderBy(asc(merchandiseOrderRefunds.createdAt), asc(merchandiseOrderRefunds.id));
    },

    async insertRefund(tx: Transaction, values: typeof merchandiseOrderRefunds.$inferInsert): Promise<string> {
      const [row] = await tx
        .insert(merchandiseOrderRefunds)
        .values(values)
        .returning({ id: merchandiseOrderRefunds.id });
      return row.id;
    },

    /** The units no longer owed: the order's lines are locked with the order (its row lock). */
    async addRefundedUnits(tx: Transaction, lineId: string, quantity: number): Promise<void> {
      await tx
        .update(merchandiseOrderLines)
        .set({ refundedQuantity: sql`${merchandiseOrderLines.refundedQuantity} + ${quantity}` })
        .where(eq(merchandiseOrderLines.id, lineId));
    },

    /** Pending → refunded, once: false when it was already recorded. */
    async markRefunded(tx: Transaction, id: string, refundId: string): Promise<boolean> {
      const rows = await tx
        .update(merchandiseOrderRefunds)
        .set({ status: "refunded", refundId, refundedAt: new Date() })
        .where(and(eq(merchandiseOrderRefunds.id, id), eq(merchandiseOrderRefunds.status, "pending")))
        .returning({ id: merchandiseOrderRefunds.id });
      return rows.length > 0;
    },

    /**
     * Money the app has decided to give back but not recorded yet (Stripe asked, answer not
     * written): line refunds pending and returns approved but not refunded, in cents.
     */
    async inFlightCents(orderId: string, tx: Transaction): Promise<number> {
      const [lineRefunds] = await tx
        .select({ cents: sql<string>`coalesce(sum(${merchandiseOrderRefunds.amount}) * 100, 0)::bigint` })
        .from(merchandiseOrderRefunds)
        .where(and(eq(merchandiseOrderRefunds.orderId, orderId), eq(merchandiseOrderRefunds.status, "pending")));
      const [returns] = await tx
        .select({ cents: sql<string>`coalesce(sum(${merchandiseReturns.refundAmount}) * 100, 0)::bigint` })
        .from(merchandiseReturns)
        .where(and(eq(merchandiseReturns.orderId, orderId), inArray(merchandiseReturns.status, ["approved"])));
      return Number(lineRefunds.cents) + Number(returns.cents);
    },
  };
}

export type MerchandiseRefundsRepository = ReturnType<typeof createMerchandiseRefundsRepository>;
