import {
  trackingUrl,
  type ApproveReturn,
  type CreateFulfilment,
  type MerchandiseOrderDetail,
  type MerchandiseReturn,
  type RejectReturn,
  type RequestReturn,
} from "@shared/merchandise-fulfilment";
import type { MerchandiseOrderFilter, MerchandiseOrderRow, MerchandiseOrderStatus } from "@shared/merchandise-orders";
import { fromCents, toCents } from "@shared/money";
import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../db/database";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import type { SignedTokens } from "../../lib/signed-token";
import type { LineState, MerchandiseFulfilmentRepository, ReturnRow } from "./merchandise-fulfilment.repository";
import type { MerchandiseRefundsRepository } from "./merchandise-refunds.repository";

export const ORDER_NOT_FOUND = "Order not found";

/** Shipping, returns and refunds wait while a cancellation asks Stripe for its refund. */
export const CANCELLING_MESSAGE =
  "This order is being cancelled and refunded. Cancel it again to finish, then reload the order.";

export interface FulfilmentMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  queueToAdmins(tx: Transaction, message: NewAdminMessage): Promise<unknown>;
  deliverSoon(): void;
}

/** The units of a line the order still owes the buyer and holds: not sent, not refunded before shipping. */
export const unshipped = (line: LineState) => line.quantity - line.shippedQuantity - line.refundedQuantity;
/** The units sent and not returned yet: what may come back. */
const returnable = (line: LineState) => line.shippedQuantity - line.returnedQuantity;

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

export function label(line: LineState): string {
  const options = Object.values(line.options ?? {});
  return options.length ? `${line.itemName} (${options.join(" / ")})` : line.itemName;
}

/** A return's lines as its e-mails list them. */
function linesOf(asked: { lineId: string; quantity: number }[], byId: Map<string, LineState>) {
  return asked.map(({ lineId, quantity }) => {
    const line = byId.get(lineId);
    return { name: line ? label(line) : "", sku: line?.sku ?? "", quantity };
  });
}

export function orderLabel(order: MerchandiseOrderRow): string {
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

function returnAnswer(row: ReturnRow): MerchandiseReturn {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    restock: row.restock,
    refundAmount: row.refundAmount,
    requestedAt: row.requestedAt,
    refundedAt: row.refundedAt,
    rejectionReason: row.rejectionReason,
    lines: row.lines.map(({ lineId, quantity }) => ({ lineId, quantity })),
  } as unknown as MerchandiseReturn;
}

/**
 * After an order is paid: shipping lines with their tracking number, returns (asked by the buyer,
 * approved and refunded by an admin), cancellation before anything ships. Each change locks the
 * order's row first, so two admins (on any instance) never ship or refund the same unit twice.
 * Stripe is called only outside a transaction: a return is recorded "approved" first and
 * "refunded" once Stripe answers; approving it again retries the refund under the same key.
 */
export function createMerchandiseFulfilmentService(deps: {
  repository: MerchandiseFulfilmentRepository;
  /** Refunds of units that will not ship, shown with the order. */
  refunds: Pick<MerchandiseRefundsRepository, "refunds">;
  payments: CheckoutPayments;
  messages: FulfilmentMessages;
  logger: Logger;
  orderTokens: SignedTokens;
  /** The buyer's order page, for the e-mails' link. */
  orderPageUrl: (token: string) => string;
  /** The admins' orders page, for their notice of a return request. */
  adminOrdersUrl: string;
}) {
  const { repository, payments, messages, logger } = deps;

  async function detail(orderId: string): Promise<MerchandiseOrderDetail> {
    const order = await repository.find(orderId);
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
    const [lines, fulfilments, returns, refunds] = await Promise.all([
      repository.lines([orderId]),
      repository.fulfilments(orderId),
      repository.returns(orderId),
      deps.refunds.refunds(orderId),
    ]);
    const address =
      order.shipName && order.shipLine1 && order.shipCity && order.shipPostalCode && order.shipCountry
        ? {
            name: order.shipName,
            line1: order.shipLine1,
            line2: order.shipLine2,
            city: order.shipCity,
            region: order.shipRegion,
            postalCode: order.shipPostalCode,
            country: order.shipCountry,
          }
        : null;
    const answer = {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentStatus: order.paymentStatus,
      customerEmail: order.customerEmail,
      address,
      subtotal: order.subtotal ?? order.totalAmount,
      shipping: order.shipping ?? "0.00",
      tax: order.tax ?? "0.00",
      total: order.totalAmount,
      refundedAmount: order.refundedAmount,
      cancelling: order.cancellingAt !== null,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      lines: lines.map(({ orderId: _order, ...line }) => line),
      fulfilments: fulfilments.map(({ orderId: _order, ...f }) => ({
        ...f,
        trackingUrl: trackingUrl(f.carrier, f.trackingNumber),
      })),
      returns: returns.map(returnAnswer),
      refunds: refunds.map(({ orderId: _order, refundId: _id, createdBy: _by, ...refund }) => refund),
    };
    return answer as unknown as MerchandiseOrderDetail;
  }

  function orderLink(order: MerchandiseOrderRow) {
    return deps.orderPageUrl(deps.orderTokens.sign(order.id));
  }

  async function ship(orderId: string, input: CreateFulfilment, adminId: string | null) {
    await repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
      if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
      if (order.cancellingAt) throw HttpError.conflict(CANCELLING_MESSAGE);
      if (order.status !== "paid" && order.status !== "partially-shipped") {
        throw HttpError.conflict(
          order.status === "shipped"
            ? "Everything in this order has shipped"
            : `A ${order.status} order can't be shipped`,
        );
      }
      const lines = await repository.lines([orderId], tx);
      const picked = pickLines(lines, input.lines, unshipped, "ship");
      await repository.insertFulfilment(
        tx,
        { orderId, carrier: input.carrier, trackingNumber: input.trackingNumber, createdBy: adminId },
        input.lines,
      );
      for (const { line, quantity } of picked) line.shippedQuantity += quantity;
      await repository.update(tx, orderId, { status: statusOf(lines) });
      await messages.queue(tx, [
        {
          template: "merchandise-order-shipped",
          recipient: order.customerEmail,
          params: {
            order: orderLabel(order),
            carrier: input.carrier,
            trackingNumber: input.trackingNumber,
            trackingUrl: trackingUrl(input.carrier, input.trackingNumber),
            lines: picked.map(({ line, quantity }) => ({ name: label(line), sku: line.sku, quantity })),
            link: orderLink(order),
          },
          aboutType: "merchandise_order",
          aboutId: order.id,
        },
      ]);
    });
    messages.deliverSoon();
    return detail(orderId);
  }

  /** Asks Stripe for the return's refund, then records it; safe to repeat (one key per return). */
  async function refundReturn(order: MerchandiseOrderRow, returnId: string, amountCents: number) {
    if (!order.paymentIntentId) throw HttpError.conflict("This order has no card payment to refund");
    const refund =
      amountCents > 0
        ? await payments.createRefund({
            paymentIntentId: order.paymentIntentId,
            amountCents,
            idempotencyScope: `merchandise-return-${returnId}`,
          })
        : { id: `none-${returnId}` };
    await repository.transaction(async (tx) => {
      const locked = await repository.lock(order.id, tx);
      if (!locked) return;
      if (!(await repository.markReturnRefunded(tx, returnId, refund.id))) return;
      const returnRow = await repository.lockReturn(returnId, order.id, tx);
      const lines = await repository.lines([order.id], tx);
      const refunded = toCents(locked.refundedAmount) + amountCents;
      const status = statusOf(lines);
      await repository.update(tx, order.id, {
        refundedAmount: fromCents(refunded),
        ...(status === "returned" ? { status } : {}),
      });
      const byId = new Map(lines.map((l) => [l.id, l]));
      await messages.queue(tx, [
        {
          template: "merchandise-order-refunded",
          recipient: locked.customerEmail,
          params: {
            order: orderLabel(locked),
            amount: fromCents(amountCents),
            cancelled: false,
            lines: (returnRow?.lines ?? []).map((l) => ({
              name: byId.get(l.lineId) ? label(byId.get(l.lineId)!) : "",
              sku: byId.get(l.lineId)?.sku ?? "",
              quantity: l.quantity,
            })),
            link: orderLink(locked),
          },
          aboutType: "merchandise_return",
          aboutId: returnId,
        },
      ]);
    });
    messages.deliverSoon();
  }

  async function approveReturn(orderId: string, input: ApproveReturn, adminId: string | null) {
    payments.assertAvailable();
    const { returnId, amountCents, order, alreadyApproved } = await repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
      if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
      let request: ReturnRow | undefined;
      if (input.returnId) {
        request = await repository.lockReturn(input.returnId, orderId, tx);
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
      const lines = await repository.lines([orderId], tx);
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
        await repository.approveReturn(tx, id, values, refundLines);
      } else {
        id = await repository.insertReturn(
          tx,
          { orderId, reason: input.reason ?? null, status: "approved", approvedAt: new Date(), ...values },
          refundLines,
        );
      }
      if (input.restock) {
        for (const { line, quantity } of picked)
          if (line.variantId) await repository.restock(tx, line.variantId, quantity);
      }
      return { returnId: id, amountCents, order, alreadyApproved: false };
    });
    if (alreadyApproved) logger.info({ orderId, returnId }, "retrying a return's refund");
    await refundReturn(order, returnId, amountCents);
    return detail(orderId);
  }

  /** A buyer's request turned down: nothing is refunded or restocked, and the buyer is told why. */
  async function rejectReturn(orderId: string, returnId: string, input: RejectReturn) {
    await repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
      if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
      const request = await repository.lockReturn(returnId, orderId, tx);
      if (!request) throw HttpError.notFound("Return not found");
      if (request.status !== "requested") {
        throw HttpError.conflict(
          request.status === "rejected"
            ? "This return has already been rejected"
            : "This return has already been approved, so it can't be rejected",
        );
      }
      await repository.rejectReturn(tx, returnId, input.reason ?? null);
      const byId = new Map((await repository.lines([orderId], tx)).map((l) => [l.id, l]));
      await messages.queue(tx, [
        {
          template: "merchandise-return-rejected",
          recipient: order.customerEmail,
          params: {
            order: orderLabel(order),
            lines: linesOf(request.lines, byId),
            reason: input.reason ?? null,
            link: orderLink(order),
          },
          aboutType: "merchandise_return",
          aboutId: returnId,
        },
      ]);
    });
    messages.deliverSoon();
    return detail(orderId);
  }

  /** Units of each line in the order's return requests still waiting for an admin. */
  async function requestedUnits(orderId: string, tx: Transaction): Promise<Map<string, number>> {
    const units = new Map<string, number>();
    for (const request of await repository.returns(orderId, tx)) {
      if (request.status !== "requested") continue;
      for (const { lineId, quantity } of request.lines) units.set(lineId, (units.get(lineId) ?? 0) + quantity);
    }
    return units;
  }

  /** The buyer's request, from the order page's signed link: recorded for an admin to approve. */
  async function requestReturn(token: string, input: RequestReturn): Promise<MerchandiseReturn> {
    const orderId = deps.orderTokens.verify(token);
    if (!orderId) throw HttpError.notFound(ORDER_NOT_FOUND);
    const returnId = await repository.transaction(async (tx) => {
      const order = await repository.lock(orderId, tx);
      if (!order) throw HttpError.notFound(ORDER_NOT_FOUND);
      if (!["partially-shipped", "shipped"].includes(order.status)) {
        throw HttpError.conflict("Only items that have shipped can be returned");
      }
      const lines = await repository.lines([orderId], tx);
      // Units already in a request still waiting for an admin cannot be asked for twice.
      const asked = await requestedUnits(orderId, tx);
      for (const { lineId, quantity } of input.lines) {
        const line = lines.find((l) => l.id === lineId);
        const waiting = asked.get(lineId) ?? 0;
        if (line && waiting > 0 && quantity > returnable(line) - waiting) {
          throw HttpError.conflict(alreadyRequestedMessage(line.sku, waiting, returnable(line) - waiting));
        }
      }
      pickLines(lines, input.lines, returnable, "return");
      const id = await repository.insertReturn(
        tx,
        { orderId, reason: input.reason, status: "requested" },
        input.lines.map((l) => ({ ...l, refundAmount: null })),
      );
      await messages.queueToAdmins(tx, {
        template: "merchandise-return-requested",
        params: {
          order: orderLabel(order),
          customerEmail: order.customerEmail,
          lines: linesOf(input.lines, new Map(lines.map((l) => [l.id, l]))),
          reason: input.reason,
          link: deps.adminOrdersUrl,
        },
        aboutType: "merchandise_return",
        aboutId: id,
      });
      return id;
    });
    messages.deliverSoon();
    const row = (await repository.returns(orderId)).find((r) => r.id === returnId)!;
    return returnAnswer(row);
  }

  /** The packing list as CSV rows: one per line still to ship (or every line of the chosen orders). */
  async function exportRows(filter: MerchandiseOrderFilter | undefined) {
    const statuses =
      filter === undefined
        ? ["paid", "partially-shipped", "shipped", "returned", "cancelled"]
        : filter === "unshipped"
          ? ["paid", "partially-shipped"]
          : [filter];
    const orders = await repository.ordersForExport(statuses);
    const lines = await repository.lines(orders.map((o) => o.id));
    const byOrder = new Map<string, LineState[]>();
    for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
    return orders.flatMap((order) =>
      (byOrder.get(order.id) ?? [])
        .filter((line) => filter !== "unshipped" || unshipped(line) > 0)
        .map((line) => ({ order, line, toShip: unshipped(line) })),
    );
  }

  return { detail, orderLink, ship, approveReturn, rejectReturn, requestReturn, exportRows };
}

export type MerchandiseFulfilmentService = ReturnType<typeof createMerchandiseFulfilmentService>;
