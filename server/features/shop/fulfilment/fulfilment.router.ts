import express from "express";
import { DEFAULT_LABEL_NAME } from "@shared/constants";
import { formatPostalAddress } from "@shared/postal-address";
import { idParams } from "@shared/contract";
import { merchandiseFulfilmentContract, merchandiseOrderExportSchema } from "@shared/merchandise-fulfilment";
import { merchandiseOrderFiles } from "@shared/merchandise-fulfilment.api";
import { requireAdmin } from "../../../auth/guards";
import { contractRouter, paramsOf, underApi } from "../../../lib/contract-router";
import { toCsv } from "../../../lib/csv";
import { HttpError } from "../../../lib/http-error";
import type { RouteSets } from "../../../lib/route-sets";
import type { DocumentRenderer } from "../../../documents/document-renderer";
import { utcDay } from "@shared/dates";
import { cancelOrder } from "./cancellation";
import type { FulfilmentDeps } from "./fulfilment-rules";
import { labelIdentity } from "./fulfilment.repository";
import { orderDetail } from "./order-detail";
import { refundUnshipped } from "./refunds";
import { approveReturn } from "./returns";
import { rejectReturn, requestReturn } from "./return-requests";
import { packingListRows, shipOrder } from "./shipment";

/** A packing slip is a document like an invoice's PDF: limited per member (lib/route-sets.ts). */
export const merchandiseFulfilmentRouteSets: RouteSets = {
  documents: [underApi(merchandiseOrderFiles.packingSlip.path)],
};

const EXPORT_HEADER = [
  "Order",
  "Ordered",
  "Status",
  "E-mail",
  "SKU",
  "Item",
  "Options",
  "Quantity",
  "To ship",
  "Name",
  "Address line 1",
  "Address line 2",
  "City",
  "Region",
  "Postal code",
  "Country",
];

const optionsText = (options: Record<string, string>) =>
  Object.entries(options ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join("; ");

/** Orders after payment (admins): files first, since "export.csv" would otherwise be read as an id. */
export function createMerchandiseFulfilmentRouter(deps: FulfilmentDeps & { documents: DocumentRenderer }) {
  const { db, documents } = deps;
  const router = express.Router({ caseSensitive: true });

  router.get(underApi(merchandiseOrderFiles.export.path), requireAdmin, async (req, res) => {
    const parsed = merchandiseOrderExportSchema.safeParse(req.query);
    if (!parsed.success)
      throw HttpError.badRequest("Choose a status: paid, partially-shipped, shipped, returned, cancelled or unshipped");
    const rows = await packingListRows(db, parsed.data.status);
    const csv = toCsv(
      EXPORT_HEADER,
      rows.map(({ order, line, toShip }) => [
        order.orderNumber === null ? order.id : `#${order.orderNumber}`,
        utcDay(order.createdAt),
        order.status,
        order.customerEmail,
        line.sku,
        line.itemName,
        optionsText(line.options),
        line.quantity,
        toShip,
        order.shipName,
        order.shipLine1,
        order.shipLine2,
        order.shipCity,
        order.shipRegion,
        order.shipPostalCode,
        order.shipCountry,
      ]),
    );
    const name = parsed.data.status ? `orders-${parsed.data.status}.csv` : "orders.csv";
    res.type("text/csv; charset=utf-8").setHeader("Content-Disposition", `attachment; filename="${name}"`);
    res.setHeader("Cache-Control", "private, no-store");
    res.send(csv);
  });

  router.get(underApi(merchandiseOrderFiles.packingSlip.path), requireAdmin, async (req, res) => {
    const order = await orderDetail(deps, paramsOf(idParams, req).id);
    const a = order.address;
    const label = await labelIdentity(db);
    const pdf = await documents.packingSlipPdf({
      labelName: label.name ?? DEFAULT_LABEL_NAME,
      // The label's public contact, for the buyer's questions and returns.
      contact: { email: label.email, phone: label.phone },
      senderAddress: label.postalAddress,
      returnAddress: label.returnAddress,
      orderNumber: order.orderNumber,
      orderedOn: utcDay(order.createdAt),
      address: a ? formatPostalAddress(a) : [],
      lines: order.lines.map((line) => ({
        sku: line.sku,
        name: line.itemName,
        options: optionsText(line.options),
        quantity: line.quantity,
        toShip: line.quantity - line.shippedQuantity - line.refundedQuantity,
      })),
    });
    const filename = order.orderNumber === null ? "packing-slip.pdf" : `packing-slip-${order.orderNumber}.pdf`;
    res.type("application/pdf").setHeader("Content-Disposition", `attachment; filename="${filename}"`);
    res.setHeader("Cache-Control", "private, no-store");
    res.send(pdf);
  });

  router.use(
    contractRouter(merchandiseFulfilmentContract, {
      get: async ({ params }) => ({ status: 200, body: await orderDetail(deps, params.id) }),
      ship: async ({ params, body, user }) => ({ status: 201, body: await shipOrder(deps, params.id, body, user.id) }),
      approveReturn: async ({ params, body, user }) => ({
        status: 201,
        body: await approveReturn(deps, params.id, body, user.id),
      }),
      rejectReturn: async ({ params, body }) => ({
        status: 200,
        body: await rejectReturn(deps, params.id, params.returnId, body),
      }),
      cancel: async ({ params }) => {
        await cancelOrder(deps, params.id);
        return { status: 200, body: await orderDetail(deps, params.id) };
      },
      refundUnshipped: async ({ params, body, user }) => {
        await refundUnshipped(deps, params.id, body, user.id);
        return { status: 201, body: await orderDetail(deps, params.id) };
      },
      requestReturn: async ({ params, body }) => ({
        status: 201,
        body: await requestReturn(deps, params.token, body),
      }),
    }),
  );
  return router;
}
