import type { MerchandiseReturn, RejectReturn, RequestReturn } from "@shared/merchandise-fulfilment";
import type { Transaction } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { returnAnswer } from "../orders/order-answer";
import { orderLink } from "../orders/order-page";
import { lockOrder } from "../orders/orders.repository";
import { lineStates, returnsOf } from "../orders/order-state.repository";
import {
  alreadyRequestedMessage,
  linesOf,
  ORDER_NOT_FOUND,
  orderLabel,
  pickLines,
  returnable,
  type FulfilmentDeps,
} from "./fulfilment-rules";
import { insertReturn, lockReturn, markReturnRejected } from "./fulfilment.repository";
import { orderDetail } from "./order-detail";

/** A buyer's request turned down: nothing is refunded or restocked, and the buyer is told why. */
export async function rejectReturn(deps: FulfilmentDeps, orderId: string, returnId: string, input: RejectReturn) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
    const request = await lockReturn(tx, returnId, orderId);
    if (!request) throw HttpError.notFound("Return not found");
    if (request.status !== "requested") {
      throw HttpError.conflict(
        request.status === "rejected"
          ? "This return has already been rejected"
          : "This return has already been approved, so it can't be rejected",
      );
    }
    await markReturnRejected(tx, returnId, input.reason ?? null);
    await deps.messages.queue(tx, [
      {
        template: "merchandise-return-rejected",
        recipient: order.customerEmail,
        params: {
          order: orderLabel(order),
          lines: linesOf(request.lines, await lineStates(tx, [orderId])),
          reason: input.reason ?? null,
          link: orderLink(deps, order.id),
        },
        aboutType: "merchandise_return",
        aboutId: returnId,
      },
    ]);
  });
  deps.messages.deliverSoon();
  return orderDetail(deps, orderId);
}

/** Units of each line in the order's return requests still waiting for an admin. */
async function requestedUnits(tx: Transaction, orderId: string): Promise<Map<string, number>> {
  const units = new Map<string, number>();
  for (const request of await returnsOf(tx, orderId)) {
    if (request.status !== "requested") continue;
    for (const { lineId, quantity } of request.lines) units.set(lineId, (units.get(lineId) ?? 0) + quantity);
  }
  return units;
}

/** The buyer's request, from the order page's signed link: recorded for an admin to approve. */
export async function requestReturn(
  deps: FulfilmentDeps,
  token: string,
  input: RequestReturn,
): Promise<MerchandiseReturn> {
  const orderId = deps.orderTokens.verify(token);
  if (!orderId) throw HttpError.notFound(ORDER_NOT_FOUND);
  const returnId = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
    if (!["partially-shipped", "shipped"].includes(order.status)) {
      throw HttpError.conflict("Only items that have shipped can be returned");
    }
    const lines = await lineStates(tx, [orderId]);
    // Units already in a request still waiting for an admin cannot be asked for twice.
    const asked = await requestedUnits(tx, orderId);
    for (const { lineId, quantity } of input.lines) {
      const line = lines.find((l) => l.id === lineId);
      const waiting = asked.get(lineId) ?? 0;
      if (line && waiting > 0 && quantity > returnable(line) - waiting) {
        throw HttpError.conflict(alreadyRequestedMessage(line.sku, waiting, returnable(line) - waiting));
      }
    }
    pickLines(lines, input.lines, returnable, "return");
    const id = await insertReturn(
      tx,
      { orderId, reason: input.reason, status: "requested" },
      input.lines.map((l) => ({ ...l, refundAmount: null })),
    );
    await deps.messages.queueToAdmins(tx, {
      template: "merchandise-return-requested",
      params: {
        order: orderLabel(order),
        customerEmail: order.customerEmail,
        lines: linesOf(input.lines, lines),
        reason: input.reason,
        link: `${deps.appUrl}/merchandise`,
      },
      aboutType: "merchandise_return",
      aboutId: id,
    });
    return id;
  });
  deps.messages.deliverSoon();
  const row = (await returnsOf(deps.db, orderId)).find((r) => r.id === returnId)!;
  return returnAnswer(row) as unknown as MerchandiseReturn;
}
