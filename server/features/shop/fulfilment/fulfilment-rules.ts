import type { MerchandiseOrderRow, MerchandiseOrderStatus } from "@shared/merchandise-orders";
import { toCents } from "@shared/money";
import { HttpError } from "../../../lib/http-error";
import { variantLabel } from "@shared/merchandise-variants";
import type { LineState } from "../orders/order-state.repository";
import type { ShopDeps } from "../shop-deps";

/** What shipping, returns, refunds and cancellation are handed (a Pick of the shop's deps). */
export type FulfilmentDeps = Pick<
  ShopDeps,
  "db" | "payments" | "messages" | "logger" | "appUrl" | "orderTokens" | "downloads"
>;

export const ORDER_NOT_FOUND = "Order not found";

/** Shipping, returns and refunds wait while a cancellation asks Stripe for its refund. */
export const CANCELLING_MESSAGE =
  "This order is being cancelled and refunded. Cancel it again to finish, then reload the order.";

/** The units of a line the order still owes the buyer and holds: not sent, not refunded before shipping. */
export const unshipped = (line: LineState) => line.quantity - line.shippedQuantity - line.refundedQuantity;
/** The units sent and not returned yet: what may come back. */
export const returnable = (line: LineState) => line.shippedQuantity - line.returnedQuantity;

/** `value` × `part` / `whole` in cents, rounded half up. */
function shareCents(cents: number, part: number, whole: number): number {
  return Math.floor((cents * part * 2 + whole) / (whole * 2));
}

/**
 * The refund of `quantity` more units of a line of which `alreadyReturned` were refunded: their
 * price and their share of the line's tax. The tax share is what the returned units' running
 * total owes minus what was given back before, so returning a line unit by unit gives back
 * exactly its tax, never a cent more or less.
 */
export function lineRefundCents(
  line: Pick<LineState, "quantity" | "unitPrice" | "tax">,
  alreadyReturned: number,
  quantity: number,
) {
  const tax = toCents(line.tax);
  const taxShare =
    shareCents(tax, alreadyReturned + quantity, line.quantity) - shareCents(tax, alreadyReturned, line.quantity);
  return toCents(line.unitPrice) * quantity + taxShare;
}

/** Units of one line as the e-mails list them: the item, then its variant in words ("L / Black"). */
export const parcelLine = (line: LineState, quantity: number) => ({
  name: line.itemName,
  variantLabel: variantLabel(line.options),
  sku: line.sku,
  quantity,
});

/** Some units of the order's lines as the e-mails list them. */
export function linesOf(asked: { lineId: string; quantity: number }[], lines: LineState[]) {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return asked.map(({ lineId, quantity }) => {
    const line = byId.get(lineId);
    return line ? parcelLine(line, quantity) : { name: "", sku: "", quantity };
  });
}

export function orderLabel(order: Pick<MerchandiseOrderRow, "orderNumber">): string {
  return order.orderNumber === null ? "your order" : `order #${order.orderNumber}`;
}

/** Why a second request for the same units is refused, in the buyer's words. */
export function alreadyRequestedMessage(sku: string, waiting: number, left: number): string {
  const asked = `You have already asked to return ${waiting} of ${sku}`;
  return left > 0 ? `${asked}: only ${left} more can be returned` : `${asked}: we'll e-mail you once it's looked at`;
}

/** Each asked-for line must be one of the order's, and the units must be there to take. */
export function pickLines(
  lines: LineState[],
  asked: { lineId: string; quantity: number }[],
  available: (line: LineState) => number,
  verb: string,
) {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return asked.map(({ lineId, quantity }) => {
    const line = byId.get(lineId);
    if (!line)
      throw HttpError.badRequest("That line is not part of this order", {
        lines: ["That line is not part of this order"],
      });
    const left = available(line);
    if (quantity > left) {
      throw HttpError.conflict(
        left === 0 ? `Nothing of ${line.sku} is left to ${verb}` : `Only ${left} of ${line.sku} left to ${verb}`,
      );
    }
    return { line, quantity };
  });
}

/** The order's state once its lines are as they are now (units refunded before shipping no longer count). */
export function statusOf(lines: LineState[]): MerchandiseOrderStatus {
  const ordered = lines.reduce((n, l) => n + l.quantity - l.refundedQuantity, 0);
  const shipped = lines.reduce((n, l) => n + l.shippedQuantity, 0);
  const returned = lines.reduce((n, l) => n + l.returnedQuantity, 0);
  if (ordered > 0 && returned >= ordered) return "returned";
  if (shipped >= ordered) return "shipped";
  return shipped > 0 ? "partially-shipped" : "paid";
}
