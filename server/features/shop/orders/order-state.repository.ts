import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  merchandiseFulfilmentLines,
  merchandiseFulfilments,
  merchandiseOrderLines,
  merchandiseReturnLines,
  merchandiseReturns,
} from "@shared/merchandise-orders.table";
import type { VariantOptions } from "@shared/merchandise-variants";
import type { Executor } from "../../../db/database";

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

/** The lines of these orders with what has become of each, by order then position. */
export function lineStates(db: Executor, orderIds: string[]): Promise<LineState[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
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
    .orderBy(asc(merchandiseOrderLines.orderId), asc(merchandiseOrderLines.position), asc(merchandiseOrderLines.id));
}

/** An order's parcels, each with its lines, oldest first. */
export function fulfilmentsOf(db: Executor, orderId: string): Promise<FulfilmentRow[]> {
  return db
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
}

/** An order's returns (asked, approved, refunded or rejected), each with its lines, oldest first. */
export function returnsOf(db: Executor, orderId: string): Promise<ReturnRow[]> {
  return db
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
}
