import type { MerchandiseOrderDetail } from "@shared/merchandise-fulfilment";
import type { ShopDeps } from "../shop-deps";
import { HttpError } from "../../../lib/http-error";
import { orderAnswer } from "../orders/order-answer";
import { findOrder } from "../orders/orders.repository";
import { fulfilmentsOf, lineStates, returnsOf } from "../orders/order-state.repository";
import { ORDER_NOT_FOUND } from "./fulfilment-rules";
import { orderRefunds } from "./refunds.repository";

/** The admins' view of an order (GET /api/merchandise-orders/{id}): the buyer's page and what only they see. */
export async function orderDetail(
  { db, downloads: cartDownloads }: Pick<ShopDeps, "db" | "downloads">,
  orderId: string,
): Promise<MerchandiseOrderDetail> {
  const order = await findOrder(db, orderId);
  if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
  const [lines, fulfilments, returns, refunds, downloads] = await Promise.all([
    lineStates(db, [orderId]),
    fulfilmentsOf(db, orderId),
    returnsOf(db, orderId),
    orderRefunds(db, orderId),
    cartDownloads.ofOrders(db, [orderId]),
  ]);
  const answer = {
    ...orderAnswer(order, fulfilments, returns, downloads),
    paymentStatus: order.paymentStatus,
    customerEmail: order.customerEmail,
    cancelling: order.cancellingAt !== null,
    lines: lines.map(({ orderId: _order, ...line }) => line),
    refunds: refunds.map(({ orderId: _order, refundId: _id, createdBy: _by, ...refund }) => refund),
  };
  // Dates leave as Dates; the contract writes them as text on the way out.
  return answer as unknown as MerchandiseOrderDetail;
}
