import type { OrderDownload } from "../../../lib/cart-downloads";
import type { z } from "zod";
import {
  trackingUrl,
  type merchandiseOrderDetailSchema,
  type publicMerchandiseOrderSchema,
} from "@shared/merchandise-fulfilment";
import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import type { VariantOptions } from "@shared/merchandise-variants";
import type { FulfilmentRow, ReturnRow } from "./order-state.repository";

/** The buyer's page of an order as the server hands it over (dates as Dates). */
export type OrderPageAnswer = z.input<typeof publicMerchandiseOrderSchema>;
/** The admins' view of an order as the server hands it over. */
export type OrderDetailAnswer = z.input<typeof merchandiseOrderDetailSchema>;

/** "Tour Shirt (M / Black)", or the name alone for an item without options. */
export function lineLabel(itemName: string, options: VariantOptions): string {
  const values = Object.values(options ?? {});
  return values.length > 0 ? `${itemName} (${values.join(" / ")})` : itemName;
}

/** Where the order ships; null for an order placed before the shop shipped (no name). */
export function orderAddress(order: MerchandiseOrderRow) {
  if (order.shipName === null) return null;
  return {
    name: order.shipName,
    line1: order.shipLine1 ?? "",
    line2: order.shipLine2,
    city: order.shipCity ?? "",
    region: order.shipRegion,
    postalCode: order.shipPostalCode ?? "",
    country: order.shipCountry ?? "",
  };
}

/** The order's money; an order from before shipping and tax were recorded is its total alone. */
export function orderAmounts(order: MerchandiseOrderRow) {
  return {
    subtotal: order.subtotal ?? order.totalAmount,
    shipping: order.shipping ?? "0.00",
    tax: order.tax ?? "0.00",
    total: order.totalAmount,
  };
}

export function fulfilmentAnswer({ orderId: _order, ...fulfilment }: FulfilmentRow) {
  return { ...fulfilment, trackingUrl: trackingUrl(fulfilment.carrier, fulfilment.trackingNumber) };
}

export function returnAnswer(row: ReturnRow) {
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
  };
}

/**
 * The one mapping of an order's rows to the API's order: what the buyer's page and the admins'
 * view both show (the page adds its lines, the admins' view its lines, refunds and payment).
 */
export function orderAnswer(
  order: MerchandiseOrderRow,
  fulfilments: FulfilmentRow[],
  returns: ReturnRow[],
  downloads: OrderDownload[],
): Omit<OrderPageAnswer, "lines"> {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    address: orderAddress(order),
    ...orderAmounts(order),
    refundedAmount: order.refundedAmount,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    downloads: downloads.map(({ orderId: _order, ...download }) => download),
    fulfilments: fulfilments.map(fulfilmentAnswer),
    returns: returns.map(returnAnswer),
  };
}
