import { asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { trackingUrl, type publicMerchandiseOrderSchema } from "@shared/merchandise-fulfilment";
import {
  merchandiseFulfilmentLines,
  merchandiseFulfilments,
  merchandiseOrderLines,
  merchandiseOrders,
  merchandiseReturnLines,
  merchandiseReturns,
} from "@shared/merchandise-orders.table";
import type { Database } from "../../db/database";

/** The order page's answer as the server hands it over (dates as Dates). */
type OrderPageRow = z.input<typeof publicMerchandiseOrderSchema>;

/** An order as its buyer's page shows it, in five queries whatever its size (no per-line reads). */
export function createOrderPageRepository(db: Database) {
  return {
    async find(orderId: string): Promise<OrderPageRow | undefined> {
      const [order] = await db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, orderId));
      if (!order) return undefined;
      const [lines, fulfilments, fulfilmentLines, returns, returnLines] = await Promise.all([
        db
          .select()
          .from(merchandiseOrderLines)
          .where(eq(merchandiseOrderLines.orderId, orderId))
          .orderBy(asc(merchandiseOrderLines.position), asc(merchandiseOrderLines.id)),
        db
          .select()
          .from(merchandiseFulfilments)
          .where(eq(merchandiseFulfilments.orderId, orderId))
          .orderBy(asc(merchandiseFulfilments.shippedAt)),
        db
          .select({
            fulfilmentId: merchandiseFulfilmentLines.fulfilmentId,
            lineId: merchandiseFulfilmentLines.orderLineId,
            quantity: merchandiseFulfilmentLines.quantity,
          })
          .from(merchandiseFulfilmentLines)
          .where(
            inArray(
              merchandiseFulfilmentLines.fulfilmentId,
              db
                .select({ id: merchandiseFulfilments.id })
                .from(merchandiseFulfilments)
                .where(eq(merchandiseFulfilments.orderId, orderId)),
            ),
          ),
        db
          .select()
          .from(merchandiseReturns)
          .where(eq(merchandiseReturns.orderId, orderId))
          .orderBy(asc(merchandiseReturns.requestedAt)),
        db
          .select({
            returnId: merchandiseReturnLines.returnId,
            lineId: merchandiseReturnLines.orderLineId,
            quantity: merchandiseReturnLines.quantity,
          })
          .from(merchandiseReturnLines)
          .where(
            inArray(
              merchandiseReturnLines.returnId,
              db
                .select({ id: merchandiseReturns.id })
                .from(merchandiseReturns)
                .where(eq(merchandiseReturns.orderId, orderId)),
            ),
          ),
      ]);
      const refundedReturns = new Set(returns.filter((r) => r.status === "refunded").map((r) => r.id));
      const sumBy = (rows: { lineId: string; quantity: number }[], lineId: string) =>
        rows.filter((row) => row.lineId === lineId).reduce((sum, row) => sum + row.quantity, 0);
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        address:
          order.shipName === null
            ? null
            : {
                name: order.shipName,
                line1: order.shipLine1 ?? "",
                line2: order.shipLine2,
                city: order.shipCity ?? "",
                region: order.shipRegion,
                postalCode: order.shipPostalCode ?? "",
                country: order.shipCountry ?? "",
              },
        subtotal: order.subtotal ?? order.totalAmount,
        shipping: order.shipping ?? "0.00",
        tax: order.tax ?? "0.00",
        total: order.totalAmount,
        refundedAmount: order.refundedAmount,
        createdAt: order.createdAt,
        paidAt: order.paidAt,
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
          shippedQuantity: sumBy(fulfilmentLines, line.id),
          returnedQuantity: sumBy(
            returnLines.filter((row) => refundedReturns.has(row.returnId)),
            line.id,
          ),
        })),
        fulfilments: fulfilments.map((f) => ({
          id: f.id,
          carrier: f.carrier,
          trackingNumber: f.trackingNumber,
          trackingUrl: trackingUrl(f.carrier, f.trackingNumber),
          shippedAt: f.shippedAt,
          lines: fulfilmentLines
            .filter((row) => row.fulfilmentId === f.id)
            .map(({ lineId, quantity }) => ({ lineId, quantity })),
        })),
        returns: returns.map((r) => ({
          id: r.id,
          status: r.status,
          reason: r.reason,
          restock: r.restock,
          refundAmount: r.refundAmount,
          requestedAt: r.requestedAt,
          refundedAt: r.refundedAt,
          rejectionReason: r.rejectionReason,
          lines: returnLines
            .filter((row) => row.returnId === r.id)
            .map(({ lineId, quantity }) => ({ lineId, quantity })),
        })),
      };
    },
  };
}

export type OrderPageRepository = ReturnType<typeof createOrderPageRepository>;
