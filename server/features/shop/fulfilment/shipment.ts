import { trackingUrl, type CreateFulfilment } from "@shared/merchandise-fulfilment";
import type { MerchandiseOrderFilter } from "@shared/merchandise-orders";
import type { Executor } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { orderLink } from "../orders/order-page";
import { lockOrder, updateOrder } from "../orders/orders.repository";
import { lineStates, type LineState } from "../orders/order-state.repository";
import {
  CANCELLING_MESSAGE,
  parcelLine,
  ORDER_NOT_FOUND,
  orderLabel,
  pickLines,
  statusOf,
  unshipped,
  type FulfilmentDeps,
} from "./fulfilment-rules";
import { insertFulfilment, ordersForExport } from "./fulfilment.repository";
import { orderDetail } from "./order-detail";

/**
 * Ships some lines with their tracking number, under the order's row lock, so two admins (on
 * any instance) never ship the same unit twice; the buyer is told in the same transaction.
 */
export async function shipOrder(
  deps: FulfilmentDeps,
  orderId: string,
  input: CreateFulfilment,
  adminId: string | null,
) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
    if (order.cancellingAt) throw HttpError.conflict(CANCELLING_MESSAGE);
    if (order.status !== "paid" && order.status !== "partially-shipped") {
      throw HttpError.conflict(
        order.status === "shipped"
          ? "Everything in this order has shipped"
          : `A ${order.status} order can't be shipped`,
      );
    }
    const lines = await lineStates(tx, [orderId]);
    const picked = pickLines(lines, input.lines, unshipped, "ship");
    await insertFulfilment(
      tx,
      { orderId, carrier: input.carrier, trackingNumber: input.trackingNumber, createdBy: adminId },
      input.lines,
    );
    for (const { line, quantity } of picked) line.shippedQuantity += quantity;
    await updateOrder(tx, orderId, { status: statusOf(lines) });
    await deps.messages.queue(tx, [
      {
        template: "merchandise-order-shipped",
        recipient: order.customerEmail,
        params: {
          order: orderLabel(order),
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: trackingUrl(input.carrier, input.trackingNumber),
          lines: picked.map(({ line, quantity }) => parcelLine(line, quantity)),
          link: orderLink(deps, order.id),
        },
        aboutType: "merchandise_order",
        aboutId: order.id,
      },
    ]);
  });
  deps.messages.deliverSoon();
  return orderDetail(deps, orderId);
}

/** The packing list as CSV rows: one per line still to ship (or every line of the chosen orders). */
export async function packingListRows(db: Executor, filter: MerchandiseOrderFilter | undefined) {
  const statuses =
    filter === undefined
      ? ["paid", "partially-shipped", "shipped", "returned", "cancelled"]
      : filter === "unshipped"
        ? ["paid", "partially-shipped"]
        : [filter];
  const orders = await ordersForExport(db, statuses);
  const lines = await lineStates(
    db,
    orders.map((o) => o.id),
  );
  const byOrder = new Map<string, LineState[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return orders.flatMap((order) =>
    (byOrder.get(order.id) ?? [])
      .filter((line) => filter !== "unshipped" || unshipped(line) > 0)
      .map((line) => ({ order, line, toShip: unshipped(line) })),
  );
}
