import { ORDER_PAGE_ROUTE } from "@shared/routes";
import { HttpError } from "../../../lib/http-error";
import type { ShopDeps } from "../shop-deps";
import { orderAnswer, type OrderPageAnswer } from "./order-answer";
import { findOrder, orderLines } from "./orders.repository";
import { fulfilmentsOf, returnsOf } from "./order-state.repository";

/** The order page's address (`/orders/{token}`), which opens without an account. */
export function orderLink(deps: Pick<ShopDeps, "appUrl" | "orderTokens">, orderId: string): string {
  return `${deps.appUrl}${ORDER_PAGE_ROUTE.replace(":token", encodeURIComponent(deps.orderTokens.sign(orderId)))}`;
}

/** An order as its buyer's page shows it, in five queries whatever its size (no per-line reads). */
export async function findOrderPage(
  { db, downloads: cartDownloads }: Pick<ShopDeps, "db" | "downloads">,
  orderId: string,
): Promise<OrderPageAnswer | undefined> {
  const order = await findOrder(db, orderId);
  if (!order) return undefined;
  const [lines, fulfilments, returns, downloads] = await Promise.all([
    orderLines(db, orderId),
    fulfilmentsOf(db, orderId),
    returnsOf(db, orderId),
    cartDownloads.ofOrders(db, [orderId]),
  ]);
  // The page counts a return once it is refunded (the admins' view counts it once approved).
  const refunded = returns.filter((r) => r.status === "refunded");
  const unitsOf = (rows: { lines: { lineId: string; quantity: number }[] }[], lineId: string) =>
    rows.flatMap((row) => row.lines).reduce((sum, line) => sum + (line.lineId === lineId ? line.quantity : 0), 0);
  return {
    ...orderAnswer(order, fulfilments, returns, downloads),
    lines: lines.map((line) => ({
      id: line.id,
      variantId: line.variantId,
      sku: line.sku,
      options: line.options,
      itemName: line.itemName,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      tax: line.tax,
      shipsFrom: line.shipsFrom,
      shippedQuantity: unitsOf(fulfilments, line.id),
      returnedQuantity: unitsOf(refunded, line.id),
    })),
  };
}

/** The order a genuine link names, as its buyer sees it; 404 for anything else. */
export async function orderPageByToken(deps: Pick<ShopDeps, "db" | "orderTokens" | "downloads">, token: string) {
  const orderId = deps.orderTokens.verify(token);
  const order = orderId ? await findOrderPage(deps, orderId) : undefined;
  if (!order) throw HttpError.notFound("Order not found");
  return order;
}

/** Whether the page's link opens an order (the server answers the page itself 404 otherwise). */
export async function orderPageOpens(deps: Pick<ShopDeps, "db" | "orderTokens">, token: string): Promise<boolean> {
  const orderId = deps.orderTokens.verify(token);
  return orderId !== null && (await findOrder(deps.db, orderId)) !== undefined;
}
