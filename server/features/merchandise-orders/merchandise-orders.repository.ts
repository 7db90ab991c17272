import { and, asc, count, desc, eq, getTableColumns, gt, gte, inArray, like, lt, or, sql } from "drizzle-orm";
import type {
  ListedMerchandiseOrderRow,
  MerchandiseOrderFilter,
  MerchandiseOrderRow,
  MerchandisePaymentStatus,
} from "@shared/merchandise-orders";
import { merchandiseFulfilments, merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import type { Database, Executor, Transaction } from "../../db/database";
import { lockUnpaidHolder, type UnpaidHolder } from "../../lib/unpaid-holds";
import { lockStockRows, stockChangeColumns, type VariantStockChange } from "../../lib/variant-stock";

/** The variants an order's lines hold, as a subquery (for lockStockRows). */
const linesVariants = (orderId: string) =>
  sql`select variant_id from merchandise_order_lines where order_id = ${orderId} and variant_id is not null`;

type NewOrder = typeof merchandiseOrders.$inferInsert;

// The list's columns, named one by one: the address an order was started from only serves the
// unpaid-hold limit, and the shop's columns (address, lines, status) are the order page's.
const {
  id,
  merchandiseId,
  itemName,
  unitPrice,
  quantity,
  totalAmount,
  customerEmail,
  paymentStatus,
  paymentIntentId,
  createdAt,
  paidAt,
  status,
  orderNumber,
  shipName,
} = getTableColumns(merchandiseOrders);
const listedColumns = {
  id,
  merchandiseId,
  itemName,
  unitPrice,
  quantity,
  totalAmount,
  customerEmail,
  paymentStatus,
  paymentIntentId,
  createdAt,
  paidAt,
  status,
  orderNumber,
  shipName,
};

/** The admins' list: of one status, and matching what they typed (each match served by an index). */
export interface MerchandiseOrderListQuery {
  status?: MerchandiseOrderFilter;
  q?: string;
}

function listConditions({ status: filter, q }: MerchandiseOrderListQuery, trackedOrderIds: string[]) {
  const byStatus =
    filter === undefined
      ? undefined
      : filter === "unshipped"
        ? inArray(merchandiseOrders.status, ["paid", "partially-shipped"])
        : eq(merchandiseOrders.status, filter);
  const text = q?.trim();
  if (!text) return byStatus;
  const number = /^#?(\d{1,15})$/.exec(text);
  const lower = text.toLowerCase();
  const matches = or(
    number ? eq(merchandiseOrders.orderNumber, Number(number[1])) : undefined,
    eq(sql`lower(${merchandiseOrders.customerEmail})`, lower),
    like(sql`lower(${merchandiseOrders.shipName})`, `${lower.replace(/[\\%_]/g, "\\$&")}%`),
    trackedOrderIds.length ? inArray(merchandiseOrders.id, trackedOrderIds) : undefined,
  );
  return and(byStatus, matches);
}

export function createMerchandiseOrdersRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Puts back the stock an order's lines hold (each line's variant), reading the changes back. */
    async releaseOrderStock(orderId: string, tx: Executor = db): Promise<VariantStockChange[]> {
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
    },

    /**
     * Takes an order's stock again (a payment that succeeded after its hold was released): every
     * line whose variant still has enough; the lines answered are those taken.
     */
    async retakeOrderStock(orderId: string, tx: Executor = db): Promise<VariantStockChange[]> {
      await lockStockRows(tx, linesVariants(orderId));
      const { rows } = await tx.execute<VariantStockChange>(sql`
        update merchandise_variants v set stock_quantity = v.stock_quantity - l.quantity
        from ${merchandiseOrderLines} l, merchandise m
        where l.order_id = ${orderId} and l.variant_id = v.id and m.id = v.merchandise_id
          and v.stock_quantity >= l.quantity
        returning ${stockChangeColumns(sql`-l.quantity`)}`);
      return rows;
    },

    async countOrderLines(orderId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(merchandiseOrderLines)
        .where(eq(merchandiseOrderLines.orderId, orderId));
      return row.n;
    },

    /** Unpaid orders started since `since` by this address and for this e-mail, under the holder's locks. */
    async lockAndCountUnpaid(
      tx: Transaction,
      holder: UnpaidHolder,
      since: Date,
    ): Promise<{ byAddress: number; byEmail: number }> {
      await lockUnpaidHolder(tx, "merchandise-order", holder);
      const pendingSince = and(eq(merchandiseOrders.paymentStatus, "pending"), gte(merchandiseOrders.createdAt, since));
      const [byAddress] = await tx
        .select({ n: count() })
        .from(merchandiseOrders)
        .where(and(pendingSince, eq(merchandiseOrders.clientAddress, holder.clientAddress)));
      const [byEmail] = await tx
        .select({ n: count() })
        .from(merchandiseOrders)
        .where(and(pendingSince, eq(sql`lower(${merchandiseOrders.customerEmail})`, holder.email.toLowerCase())));
      return { byAddress: byAddress.n, byEmail: byEmail.n };
    },

    async insert(values: NewOrder, tx: Executor = db): Promise<MerchandiseOrderRow> {
      const [row] = await tx.insert(merchandiseOrders).values(values).returning();
      return row;
    },

    async attachPaymentIntent(id: string, paymentIntentId: string, tx: Executor = db): Promise<void> {
      await tx.update(merchandiseOrders).set({ paymentIntentId }).where(eq(merchandiseOrders.id, id));
    },

    /** Deletes an order that never got a PaymentIntent; returns it so its stock can go back once. */
    async deleteUnpaid(id: string, tx: Executor = db): Promise<MerchandiseOrderRow | undefined> {
      const [row] = await tx
        .delete(merchandiseOrders)
        .where(and(eq(merchandiseOrders.id, id), eq(merchandiseOrders.paymentStatus, "pending")))
        .returning();
      return row;
    },

    async findByPaymentIntent(paymentIntentId: string, tx: Executor = db): Promise<MerchandiseOrderRow | undefined> {
      const [row] = await tx
        .select()
        .from(merchandiseOrders)
        .where(eq(merchandiseOrders.paymentIntentId, paymentIntentId));
      return row;
    },

    /** Row lock: the completion call and the webhook settle an order one after the other. */
    async lock(id: string, tx: Transaction): Promise<MerchandiseOrderRow | undefined> {
      const [row] = await tx.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id)).for("update");
      return row;
    },

    async setStatus(
      id: string,
      status: Exclude<MerchandisePaymentStatus, "pending">,
      tx: Executor = db,
    ): Promise<MerchandiseOrderRow> {
      const [row] = await tx
        .update(merchandiseOrders)
        .set({ paymentStatus: status, ...(status === "paid" ? { paidAt: new Date() } : {}) })
        .where(eq(merchandiseOrders.id, id))
        .returning();
      return row;
    },

    async findById(id: string, tx: Executor = db): Promise<MerchandiseOrderRow | undefined> {
      const [row] = await tx.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
      return row;
    },

    /** A late payment that could not take its stock back: paid, cancelled, its refund owed. */
    async markLateRefundDue(id: string, tx: Executor): Promise<MerchandiseOrderRow> {
      const now = new Date();
      const [row] = await tx
        .update(merchandiseOrders)
        .set({ paymentStatus: "paid", status: "cancelled", paidAt: now, cancelledAt: now })
        .where(eq(merchandiseOrders.id, id))
        .returning();
      return row;
    },

    /** Stripe has the late payment's refund: the whole total went back. */
    async markLateRefunded(id: string, tx: Executor): Promise<void> {
      await tx
        .update(merchandiseOrders)
        .set({ paymentStatus: "refunded", refundedAmount: sql`${merchandiseOrders.totalAmount}` })
        .where(eq(merchandiseOrders.id, id));
    },

    /** Orders owed a late payment's refund (cancelled as they were paid, payment still paid), by id after `after`. */
    async findLateRefundsDue(after: string | undefined, limit: number): Promise<string[]> {
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
    },

    /** An order's lines as the buyer's e-mails list them: "Tour Shirt (M / Black)", SKU, units. */
    async orderLinesForMessage(orderId: string, tx: Executor = db) {
      const lines = await tx
        .select({
          itemName: merchandiseOrderLines.itemName,
          options: merchandiseOrderLines.options,
          sku: merchandiseOrderLines.sku,
          quantity: merchandiseOrderLines.quantity,
        })
        .from(merchandiseOrderLines)
        .where(eq(merchandiseOrderLines.orderId, orderId))
        .orderBy(asc(merchandiseOrderLines.position));
      return lines.map((line) => {
        const values = Object.values(line.options ?? {});
        return {
          name: values.length ? `${line.itemName} (${values.join(" / ")})` : line.itemName,
          sku: line.sku,
          quantity: line.quantity,
        };
      });
    },

    /** Pending orders started before `before`, by id after `after`: abandoned checkouts still holding stock. */
    async findStalePending(before: Date, after: string | undefined, limit: number): Promise<string[]> {
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
    },

    /**
     * The orders of `query`. The tracking number is looked up first on its own index, so every
     * branch of the search is an index lookup the planner can OR together.
     */
    async list(query: MerchandiseOrderListQuery = {}): Promise<ListedMerchandiseOrderRow[]> {
      const text = query.q?.trim().toLowerCase();
      const tracked = text
        ? await db
            .selectDistinct({ orderId: merchandiseFulfilments.orderId })
            .from(merchandiseFulfilments)
            .where(eq(sql`lower(${merchandiseFulfilments.trackingNumber})`, text))
            .limit(100)
        : [];
      return db
        .select(listedColumns)
        .from(merchandiseOrders)
        .where(
          listConditions(
            query,
            tracked.map((row) => row.orderId),
          ),
        )
        .orderBy(desc(merchandiseOrders.createdAt), desc(merchandiseOrders.id));
    },
  };
}

export type MerchandiseOrdersRepository = ReturnType<typeof createMerchandiseOrdersRepository>;
