import { and, asc, desc, eq, getTableColumns, inArray, like, or, sql } from "drizzle-orm";
import type {
  ListedMerchandiseOrderRow,
  MerchandiseOrderFilter,
  MerchandiseOrderRow,
} from "@shared/merchandise-orders";
import { merchandiseFulfilments, merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import type { Executor, Transaction } from "../../../db/database";
import { lineLabel } from "./order-answer";

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
        ? and(
            inArray(merchandiseOrders.status, ["paid", "partially-shipped"]),
            // An order of downloads only has nothing to ship.
            sql`exists (select 1 from ${merchandiseOrderLines} where ${merchandiseOrderLines.orderId} = ${merchandiseOrders.id})`,
          )
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

export async function findOrder(db: Executor, id: string): Promise<MerchandiseOrderRow | undefined> {
  const [row] = await db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
  return row;
}

/**
 * Row lock: the completion call and the webhook settle an order one after the other, and
 * shipping, returns and cancellation of one order happen one after the other.
 */
export async function lockOrder(tx: Transaction, id: string): Promise<MerchandiseOrderRow | undefined> {
  const [row] = await tx.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id)).for("update");
  return row;
}

export async function findOrderByPaymentIntent(
  db: Executor,
  paymentIntentId: string,
): Promise<MerchandiseOrderRow | undefined> {
  const [row] = await db.select().from(merchandiseOrders).where(eq(merchandiseOrders.paymentIntentId, paymentIntentId));
  return row;
}

export async function updateOrder(
  tx: Executor,
  orderId: string,
  values: Partial<typeof merchandiseOrders.$inferInsert>,
): Promise<MerchandiseOrderRow> {
  const [row] = await tx.update(merchandiseOrders).set(values).where(eq(merchandiseOrders.id, orderId)).returning();
  return row;
}

/** An order's lines as the buyer's e-mails list them: "Tour Shirt (M / Black)", SKU, units. */
export async function orderLinesForMessage(db: Executor, orderId: string) {
  const lines = await db
    .select({
      itemName: merchandiseOrderLines.itemName,
      options: merchandiseOrderLines.options,
      sku: merchandiseOrderLines.sku,
      quantity: merchandiseOrderLines.quantity,
    })
    .from(merchandiseOrderLines)
    .where(eq(merchandiseOrderLines.orderId, orderId))
    .orderBy(asc(merchandiseOrderLines.position));
  return lines.map((line) => ({
    name: lineLabel(line.itemName, line.options ?? {}),
    sku: line.sku,
    quantity: line.quantity,
  }));
}

/** An order's lines as it was bought, in the order's own order. */
export function orderLines(db: Executor, orderId: string) {
  return db
    .select()
    .from(merchandiseOrderLines)
    .where(eq(merchandiseOrderLines.orderId, orderId))
    .orderBy(asc(merchandiseOrderLines.position), asc(merchandiseOrderLines.id));
}

/**
 * The orders of `query`, newest first, without the address they were started from. The tracking
 * number is looked up first on its own index, so every branch of the search is an index lookup
 * the planner can OR together.
 */
export async function listOrders(
  db: Executor,
  query: MerchandiseOrderListQuery = {},
): Promise<ListedMerchandiseOrderRow[]> {
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
}
