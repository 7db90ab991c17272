import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../../db/database";
import { CHECKOUT_HOLD_MS } from "../../../lib/unpaid-holds";
import { afterStockChange } from "../catalogue/variant-stock";
import { orderAddress, orderAmounts } from "../orders/order-answer";
import { orderLink } from "../orders/order-page";
import { lockOrder, orderLines, orderLinesForMessage } from "../orders/orders.repository";
import type { ShopDeps } from "../shop-deps";
import {
  countOrderLines,
  markLateRefundDue,
  releaseOrderStock,
  retakeOrderStock,
  setPaymentStatus,
} from "./order-payments.repository";

/** Metadata key naming the order a PaymentIntent pays for (the webhook dispatches on it). */
export const MERCHANDISE_ORDER_METADATA_KEY = "merchandiseOrderId";

/**
 * A checkout left unpaid this long gives its stock back (the holds job, wired by shop.ts), so
 * abandoned carts cannot hold items forever. A payment that still arrives later is honoured by
 * settleOrder (stock taken again).
 */
export const RESERVATION_TTL_MS = CHECKOUT_HOLD_MS;

export type SettlementDeps = Pick<ShopDeps, "logger" | "messages" | "appUrl" | "orderTokens" | "downloads">;

type SettledOrder = Pick<MerchandiseOrderRow, "status" | "paymentStatus" | "paidAt" | "cancelledAt">;

/**
 * An order whose late payment could not be honoured: cancelled at the very instant it was paid
 * (markLateRefundDue writes both), which no admin's cancellation does.
 */
export const isLatePayment = (order: SettledOrder) =>
  order.status === "cancelled" &&
  order.paidAt !== null &&
  order.cancelledAt !== null &&
  new Date(order.paidAt).getTime() === new Date(order.cancelledAt).getTime();

/** Such an order while its refund is still owed (Stripe has not taken it yet). */
export const isLateRefundDue = (order: SettledOrder) => isLatePayment(order) && order.paymentStatus === "paid";

/** Thrown inside the retake's savepoint to roll it back. */
class SoldOut extends Error {}

/** A cart order (several lines, held per variant) rather than a single-item checkout's. */
const isCartOrder = (order: MerchandiseOrderRow) => order.itemName === null;

/** A paid cart order's confirmation: lines with their options, amounts, address, link. */
async function cartConfirmation(deps: SettlementDeps, tx: Transaction, order: MerchandiseOrderRow) {
  const lines = await orderLines(tx, order.id);
  const downloads = await deps.downloads.ofOrders(tx, [order.id]);
  const { subtotal, shipping, tax, total } = orderAmounts(order);
  const message: NewOutboxMessage = {
    template: "merchandise-order-placed",
    recipient: order.customerEmail,
    params: {
      orderNumber: order.orderNumber ?? 0,
      lines: lines.map(({ itemName, options, quantity, unitPrice, shipsFrom }) => ({
        itemName,
        options,
        quantity,
        unitPrice,
        shipsFrom,
      })),
      subtotal,
      shipping,
      tax,
      // The rate the order was priced at ("Tax (20%)"); zones may change since, the order does not.
      ...(order.taxRate === null ? {} : { taxRate: order.taxRate }),
      total,
      ...(downloads.length === 0
        ? {}
        : { downloads: downloads.map(({ title, artist, amount }) => ({ title, artist, amount })) }),
      address: orderAddress(order) ?? {
        name: "",
        line1: "",
        line2: null,
        city: "",
        region: null,
        postalCode: "",
        country: "",
      },
      link: orderLink(deps, order.id),
    },
    aboutType: "merchandise_order",
    aboutId: order.id,
  };
  return message;
}

/** A single-item checkout's confirmation (orders from before the cart always carry these three). */
function singleItemConfirmation(order: MerchandiseOrderRow): NewOutboxMessage {
  const { itemName, quantity, unitPrice, totalAmount: total } = order;
  return {
    template: "merchandise-order-confirmation",
    recipient: order.customerEmail,
    params: { itemName: itemName ?? "", quantity: quantity ?? 0, unitPrice: unitPrice ?? "0.00", total },
    aboutType: "merchandise_order",
    aboutId: order.id,
  };
}

/**
 * The one place an order changes state, under a row lock so the completion call and the
 * webhook (in any order, any number of times) settle it once. Paid is final; a failure
 * returns the reserved stock exactly once.
 */
export async function settleOrder(
  deps: SettlementDeps,
  tx: Transaction,
  orderId: string,
  outcome: "paid" | "failed",
): Promise<MerchandiseOrderRow | undefined> {
  const order = await lockOrder(tx, orderId);
  // Paid and refunded are final: a refund reported first means this success is already returned.
  if (!order || order.paymentStatus === "paid" || order.paymentStatus === "refunded") return order;
  if (outcome === "failed") {
    if (order.paymentStatus !== "pending") return order;
    await afterStockChange(deps, tx, await releaseOrderStock(tx, order.id), { released: true });
    return setPaymentStatus(tx, order.id, "failed");
  }
  if (order.paymentStatus === "failed") {
    // A declined card followed by a good one on the same PaymentIntent, or a payment that
    // arrived after the hold ran out: the stock released then is taken again, every line or
    // none (a savepoint). If any line has sold out meanwhile, the money is returned instead.
    const retaken = await retakeAllOrNothing(deps, tx, order.id);
    if (!retaken) return refundLatePayment(deps, tx, order);
  }
  const paid = await setPaymentStatus(tx, order.id, "paid");
  // Its downloads are paid with it, their links e-mailed in the same transaction.
  await deps.downloads.settle(tx, order.id);
  // The buyer's confirmation commits with the payment, or not at all.
  const confirmation = isCartOrder(paid) ? await cartConfirmation(deps, tx, paid) : singleItemConfirmation(paid);
  await deps.messages.queue(tx, [confirmation]);
  return paid;
}

/**
 * Takes an order's released stock again, every line or none; the low-stock notices go with it.
 * False (nothing taken) when a line's variant no longer has enough.
 */
async function retakeAllOrNothing(deps: SettlementDeps, tx: Transaction, orderId: string): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      const taken = await retakeOrderStock(savepoint, orderId);
      if (taken.length < (await countOrderLines(savepoint, orderId))) throw new SoldOut();
      await afterStockChange(deps, savepoint, taken);
    });
    return true;
  } catch (error) {
    if (error instanceof SoldOut) return false;
    throw error;
  }
}

/**
 * A payment that succeeded after its hold was released, for stock that has sold meanwhile: the
 * order is recorded as paid and cancelled (a refund owed, isLateRefundDue), the buyer is told
 * in the same transaction, and Stripe is asked for the refund once it committed (then by the
 * sweep until Stripe has it). Nothing ships, nothing is oversold.
 */
async function refundLatePayment(
  deps: SettlementDeps,
  tx: Transaction,
  order: MerchandiseOrderRow,
): Promise<MerchandiseOrderRow> {
  deps.logger.warn({ orderId: order.id }, "payment arrived after the order's stock sold out: refunding it");
  const cancelled = await markLateRefundDue(tx, order.id);
  // Its downloads were never paid for: they never download.
  await deps.downloads.refund(tx, order.id);
  await deps.messages.queue(tx, [
    {
      template: "merchandise-order-refunded",
      recipient: order.customerEmail,
      params: {
        order: order.orderNumber === null ? "your order" : `order #${order.orderNumber}`,
        amount: order.totalAmount,
        cancelled: true,
        soldOut: true,
        lines: await orderLinesForMessage(tx, order.id),
        link: orderLink(deps, order.id),
      },
      aboutType: "merchandise_order",
      aboutId: order.id,
    },
  ]);
  return cancelled;
}
