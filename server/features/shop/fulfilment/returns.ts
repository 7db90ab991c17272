import type { ApproveReturn } from "@shared/merchandise-fulfilment";
import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import { fromCents, toCents } from "@shared/money";
import { HttpError } from "../../../lib/http-error";
import { adjustStockAndAlert } from "../catalogue/variant-stock";
import { orderLink } from "../orders/order-page";
import { lockOrder, updateOrder } from "../orders/orders.repository";
import { lineStates, type ReturnRow } from "../orders/order-state.repository";
import {
  CANCELLING_MESSAGE,
  lineRefundCents,
  linesOf,
  ORDER_NOT_FOUND,
  orderLabel,
  pickLines,
  returnable,
  statusOf,
  type FulfilmentDeps,
} from "./fulfilment-rules";
import { insertReturn, lockReturn, markReturnApproved, markReturnRefunded } from "./fulfilment.repository";
import { orderDetail } from "./order-detail";

/**
 * Asks Stripe for the return's refund, then records it; safe to repeat (one key per return).
 * Stripe is called only outside a transaction: a return is recorded "approved" first and
 * "refunded" once Stripe answers; approving it again retries the refund under the same key.
 */
async function refundReturn(deps: FulfilmentDeps, order: MerchandiseOrderRow, returnId: string, amountCents: number) {
  if (!order.paymentIntentId) throw HttpError.conflict("This order has no card payment to refund");
  const refund =
    amountCents > 0
      ? await deps.payments.createRefund({
          paymentIntentId: order.paymentIntentId,
          amountCents,
          idempotencyScope: `merchandise-return-${returnId}`,
        })
      : { id: `none-${returnId}` };
  await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) return;
    if (!(await markReturnRefunded(tx, returnId, refund.id))) return;
    const returnRow = await lockReturn(tx, returnId, order.id);
    const lines = await lineStates(tx, [order.id]);
    const status = statusOf(lines);
    await updateOrder(tx, order.id, {
      refundedAmount: fromCents(toCents(locked.refundedAmount) + amountCents),
      ...(status === "returned" ? { status } : {}),
    });
    await deps.messages.queue(tx, [
      {
        template: "merchandise-order-refunded",
        recipient: locked.customerEmail,
        params: {
          order: orderLabel(locked),
          amount: fromCents(amountCents),
          cancelled: false,
          lines: linesOf(returnRow?.lines ?? [], lines),
          link: orderLink(deps, locked.id),
        },
        aboutType: "merchandise_return",
        aboutId: returnId,
      },
    ]);
  });
  deps.messages.deliverSoon();
}

/**
 * An admin approves a return (the buyer's request, or one of their own): the units' price and
 * tax share are refunded, restocked if asked. Decided under the order's row lock.
 */
export async function approveReturn(
  deps: FulfilmentDeps,
  orderId: string,
  input: ApproveReturn,
  adminId: string | null,
) {
  deps.payments.assertAvailable();
  const { returnId, amountCents, order, alreadyApproved } = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
    let request: ReturnRow | undefined;
    if (input.returnId) {
      request = await lockReturn(tx, input.returnId, orderId);
      if (!request) throw HttpError.notFound("Return not found");
      // Approved before, but Stripe did not answer: its refund is asked for again.
      if (request.status === "approved") {
        return {
          returnId: request.id,
          amountCents: toCents(request.refundAmount ?? "0"),
          order,
          alreadyApproved: true,
        };
      }
      if (request.status !== "requested") throw HttpError.conflict("This return has already been settled");
    }
    if (order.cancellingAt) throw HttpError.conflict(CANCELLING_MESSAGE);
    if (!["partially-shipped", "shipped"].includes(order.status)) {
      throw HttpError.conflict("Only units that have shipped can be returned");
    }
    const asked = input.lines ?? request?.lines;
    if (!asked?.length)
      throw HttpError.badRequest("Choose the lines to return", { lines: ["Choose at least one line"] });
    const lines = await lineStates(tx, [orderId]);
    const picked = pickLines(lines, asked, returnable, "return");
    const refunds = picked.map(({ line, quantity }) => ({
      lineId: line.id,
      quantity,
      cents: lineRefundCents(line, line.returnedQuantity + line.refundedQuantity, quantity),
    }));
    const amountCents = refunds.reduce((n, r) => n + r.cents, 0);
    const values = { restock: input.restock, refundAmount: fromCents(amountCents), approvedBy: adminId };
    const refundLines = refunds.map((r) => ({
      lineId: r.lineId,
      quantity: r.quantity,
      refundAmount: fromCents(r.cents),
    }));
    let id: string;
    if (request) {
      id = request.id;
      await markReturnApproved(tx, id, values, refundLines);
    } else {
      id = await insertReturn(
        tx,
        { orderId, reason: input.reason ?? null, status: "approved", approvedAt: new Date(), ...values },
        refundLines,
      );
    }
    if (input.restock) {
      const back = picked.flatMap(({ line, quantity }) =>
        line.variantId ? [{ variantId: line.variantId, delta: quantity }] : [],
      );
      for (const adjustment of back) await adjustStockAndAlert(deps, tx, [adjustment]);
    }
    return { returnId: id, amountCents, order, alreadyApproved: false };
  });
  if (alreadyApproved) deps.logger.info({ orderId, returnId }, "retrying a return's refund");
  await refundReturn(deps, order, returnId, amountCents);
  return orderDetail(deps, orderId);
}
