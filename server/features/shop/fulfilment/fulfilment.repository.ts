import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { users } from "@shared/users.table";
import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import {
  merchandiseFulfilmentLines,
  merchandiseFulfilments,
  merchandiseOrders,
  merchandiseReturnLines,
  merchandiseReturns,
} from "@shared/merchandise-orders.table";
import type { Executor, Transaction } from "../../../db/database";
import { returnsOf, type ReturnRow } from "../orders/order-state.repository";

/** The return, locked (with its order's lock already held): approving and rejecting it happen one after the other. */
export async function lockReturn(tx: Transaction, returnId: string, orderId: string): Promise<ReturnRow | undefined> {
  await tx
    .select({ id: merchandiseReturns.id })
    .from(merchandiseReturns)
    .where(eq(merchandiseReturns.id, returnId))
    .for("update");
  return (await returnsOf(tx, orderId)).find((r) => r.id === returnId);
}

export async function insertFulfilment(
  tx: Transaction,
  values: { orderId: string; carrier: string; trackingNumber: string; createdBy: string | null },
  lines: { lineId: string; quantity: number }[],
): Promise<string> {
  const [row] = await tx.insert(merchandiseFulfilments).values(values).returning({ id: merchandiseFulfilments.id });
  await tx
    .insert(merchandiseFulfilmentLines)
    .values(lines.map((l) => ({ fulfilmentId: row.id, orderLineId: l.lineId, quantity: l.quantity })));
  return row.id;
}

export async function insertReturn(
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
}

export async function markReturnApproved(
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
}

export async function markReturnRejected(
  tx: Transaction,
  returnId: string,
  reason: string | null = null,
): Promise<void> {
  await tx
    .update(merchandiseReturns)
    .set({ status: "rejected", rejectionReason: reason })
    .where(and(eq(merchandiseReturns.id, returnId), eq(merchandiseReturns.status, "requested")));
}

export async function markReturnRefunded(tx: Transaction, returnId: string, refundId: string): Promise<boolean> {
  const rows = await tx
    .update(merchandiseReturns)
    .set({ status: "refunded", refundId, refundedAt: new Date() })
    .where(and(eq(merchandiseReturns.id, returnId), eq(merchandiseReturns.status, "approved")))
    .returning({ id: merchandiseReturns.id });
  return rows.length > 0;
}

/** What Label Settings say about the sender, as a packing slip prints it. */
export interface LabelIdentity {
  name: string | null;
  email: string | null;
  phone: string | null;
  /** Line by line, blank lines dropped; empty when not set. */
  postalAddress: string[];
  returnAddress: string[];
}

/** An address as typed in Label Settings, one printed line per typed line. */
const addressLines = (text: string | null | undefined): string[] =>
  (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The label name, public contact and postal addresses the administrator who last saved Label
 * Settings gave, printed on packing slips.
 */
export async function labelIdentity(db: Executor): Promise<LabelIdentity> {
  const [row] = await db
    .select({
      name: users.labelName,
      email: users.labelContactEmail,
      phone: users.labelContactPhone,
      postalAddress: users.labelPostalAddress,
      returnAddress: users.labelReturnAddress,
    })
    .from(users)
    .where(and(eq(users.role, "admin"), sql`nullif(trim(${users.labelName}), '') is not null`))
    .orderBy(desc(users.updatedAt))
    .limit(1);
  return {
    name: row?.name?.trim() ?? null,
    email: row?.email ?? null,
    phone: row?.phone ?? null,
    postalAddress: addressLines(row?.postalAddress),
    returnAddress: addressLines(row?.returnAddress),
  };
}

/** The export's orders: of one status, oldest first (the order they are packed in). */
export async function ordersForExport(db: Executor, statuses: string[] | undefined): Promise<MerchandiseOrderRow[]> {
  return db
    .select()
    .from(merchandiseOrders)
    .where(statuses ? inArray(merchandiseOrders.status, statuses) : undefined)
    .orderBy(asc(merchandiseOrders.createdAt), asc(merchandiseOrders.id));
}
