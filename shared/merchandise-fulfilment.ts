// An order after it is paid: the admins' orders page (filter, search, one order with its lines),
// shipping some or all lines with a tracking number, returns and cancellation, and the buyer's
// order page (a signed link, no account needed).
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { addressAnswerSchema } from "./merchandise-checkout";
import { MERCHANDISE_ORDER_FILTERS, MERCHANDISE_ORDER_STATUSES } from "./merchandise-orders";
import { merchandiseFulfilmentApi } from "./merchandise-fulfilment.api";
import { STORE_PURCHASE_STATUSES } from "./store.values";
import { id, optionalText, requiredText } from "./validation";

const orderStatus = z.string().meta({ description: `One of: ${MERCHANDISE_ORDER_STATUSES.join(", ")}.` });

/** GET /api/merchandise-orders?status=&q= (q: e-mail, name, order number or tracking number). */
export const merchandiseOrderSearchSchema = z.object({
  status: z.enum(MERCHANDISE_ORDER_FILTERS).optional(),
  q: z.string().trim().max(200).optional(),
});
export type MerchandiseOrderSearch = z.infer<typeof merchandiseOrderSearchSchema>;

/** GET /api/merchandise-orders/export.csv?status=unshipped */
export const merchandiseOrderExportSchema = z.object({ status: z.enum(MERCHANDISE_ORDER_FILTERS).optional() });

/** One line of an order. */
export const merchandiseOrderLineSchema = z
  .object({
    id: z.string(),
    variantId: z.string().nullable(),
    sku: z.string(),
    options: z.record(z.string(), z.string()),
    itemName: z.string(),
    quantity: z.int(),
    unitPrice: z.string(),
    /** The line's share of the order's tax. */
    tax: z.string(),
    shipsFrom: z.string().nullable(),
    /** Units sent so far, and units returned (refunded). */
    shippedQuantity: z.int(),
    returnedQuantity: z.int(),
  })
  .meta({ id: "MerchandiseOrderLine" });
export type MerchandiseOrderLine = z.output<typeof merchandiseOrderLineSchema>;

/** A parcel: which lines (and how many of each) went with which tracking number. */
export const merchandiseFulfilmentSchema = z
  .object({
    id: z.string(),
    carrier: z.string(),
    trackingNumber: z.string(),
    /** The carrier's tracking page, when the carrier is one the shop knows. */
    trackingUrl: z.string().nullable(),
    shippedAt: instant,
    lines: z.array(z.object({ lineId: z.string(), quantity: z.int() })),
  })
  .meta({ id: "MerchandiseFulfilment" });
export type MerchandiseFulfilment = z.output<typeof merchandiseFulfilmentSchema>;

export const MERCHANDISE_RETURN_STATUSES = ["requested", "approved", "refunded", "rejected"] as const;
export type MerchandiseReturnStatus = (typeof MERCHANDISE_RETURN_STATUSES)[number];

export const merchandiseReturnSchema = z
  .object({
    id: z.string(),
    status: z.string().meta({ description: `One of: ${MERCHANDISE_RETURN_STATUSES.join(", ")}.` }),
    reason: z.string().nullable(),
    restock: z.boolean(),
    refundAmount: z.string().nullable(),
    requestedAt: instant,
    refundedAt: instant.nullable(),
    /** Why an admin turned the request down (status rejected), when they said. */
    rejectionReason: z.string().nullable(),
    lines: z.array(z.object({ lineId: z.string(), quantity: z.int() })),
  })
  .meta({ id: "MerchandiseReturn" });
export type MerchandiseReturn = z.output<typeof merchandiseReturnSchema>;

/** The admins' view of a line: also the units refunded before they shipped (never to ship). */
export const adminOrderLineSchema = merchandiseOrderLineSchema
  .extend({ refundedQuantity: z.int() })
  .meta({ id: "MerchandiseAdminOrderLine" });
export type AdminOrderLine = z.output<typeof adminOrderLineSchema>;

/** A refund of units that will not ship: pending while Stripe is asked, then refunded. */
export const merchandiseOrderRefundSchema = z
  .object({
    id: z.string(),
    status: z.string().meta({ description: "One of: pending, refunded." }),
    restock: z.boolean(),
    amount: z.string(),
    createdAt: instant,
    refundedAt: instant.nullable(),
    lines: z.array(z.object({ lineId: z.string(), quantity: z.int(), amount: z.string() })),
  })
  .meta({ id: "MerchandiseOrderRefund" });
export type MerchandiseOrderRefund = z.output<typeof merchandiseOrderRefundSchema>;

/** An order in the admins' list. */
export const merchandiseOrderSummarySchema = z
  .object({
    id: z.string(),
    orderNumber: z.int().nullable(),
    status: orderStatus,
    customerEmail: z.string(),
    shipName: z.string().nullable(),
    shipCountry: z.string().nullable(),
    totalAmount: z.string(),
    itemCount: z.int(),
    createdAt: instant,
    paidAt: instant.nullable(),
  })
  .meta({ id: "MerchandiseOrderSummary" });
export type MerchandiseOrderSummary = z.output<typeof merchandiseOrderSummarySchema>;

/** A download bought with the order (the music store's): its link while it downloads. */
export const orderDownloadSchema = z
  .object({
    title: z.string(),
    artist: z.string(),
    amount: z.string(),
    tax: z.string(),
    status: z.enum(STORE_PURCHASE_STATUSES),
    downloadPath: z.string().nullable(),
  })
  .meta({ id: "MerchandiseOrderDownload" });
export type OrderDownload = z.output<typeof orderDownloadSchema>;

/** GET /api/merchandise-orders/{id}: the whole order. */
export const merchandiseOrderDetailSchema = z
  .object({
    id: z.string(),
    orderNumber: z.int().nullable(),
    status: orderStatus,
    paymentStatus: z.string(),
    customerEmail: z.string(),
    /** Null for an order placed before the shop shipped. */
    address: addressAnswerSchema.nullable(),
    subtotal: z.string(),
    shipping: z.string(),
    tax: z.string(),
    total: z.string(),
    refundedAmount: z.string(),
    createdAt: instant,
    paidAt: instant.nullable(),
    /** True while a cancellation is waiting on Stripe: shipping and returns are refused meanwhile. */
    cancelling: z.boolean(),
    lines: z.array(adminOrderLineSchema),
    /** Downloads bought with the goods, or alone (an order without lines). */
    downloads: z.array(orderDownloadSchema),
    fulfilments: z.array(merchandiseFulfilmentSchema),
    returns: z.array(merchandiseReturnSchema),
    refunds: z.array(merchandiseOrderRefundSchema),
  })
  .meta({ id: "MerchandiseOrderDetail" });
export type MerchandiseOrderDetail = z.output<typeof merchandiseOrderDetailSchema>;

/** The buyer's order page (GET /api/orders/{token}): the same without the admins' fields. */
export const publicMerchandiseOrderSchema = merchandiseOrderDetailSchema
  .omit({ paymentStatus: true, customerEmail: true, cancelling: true, lines: true, refunds: true })
  .extend({ lines: z.array(merchandiseOrderLineSchema) })
  .meta({ id: "PublicMerchandiseOrder" });
export type PublicMerchandiseOrder = z.output<typeof publicMerchandiseOrderSchema>;

/** Some units of some lines. */
const lineQuantities = z
  .array(z.object({ lineId: id, quantity: z.int({ error: "Enter a whole number" }).min(1, "At least 1").max(100_000) }))
  .min(1, "Choose at least one line")
  .max(200)
  .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, "Each line once");

/** POST /api/merchandise-orders/{id}/fulfilments */
export const createFulfilmentSchema = z.object({
  lines: lineQuantities,
  carrier: requiredText(60, "Enter the carrier"),
  trackingNumber: requiredText(100, "Enter the tracking number"),
});
export type CreateFulfilment = z.infer<typeof createFulfilmentSchema>;
export type CreateFulfilmentInput = z.input<typeof createFulfilmentSchema>;

/**
 * POST /api/merchandise-orders/{id}/returns (admin): approves a return and refunds it. With
 * `returnId` it approves the buyer's request (its lines unless `lines` is given).
 */
export const approveReturnSchema = z.object({
  returnId: id.optional(),
  lines: lineQuantities.optional(),
  restock: z.boolean(),
  reason: optionalText(1000),
});
export type ApproveReturn = z.infer<typeof approveReturnSchema>;
export type ApproveReturnInput = z.input<typeof approveReturnSchema>;

/**
 * POST /api/merchandise-orders/{id}/refunds (admin): refunds units not shipped yet, which will
 * then never ship, with their exact share of the line's tax; `restock` puts them back on sale.
 */
export const refundUnshippedSchema = z.object({ lines: lineQuantities, restock: z.boolean() });
export type RefundUnshipped = z.infer<typeof refundUnshippedSchema>;
export type RefundUnshippedInput = z.input<typeof refundUnshippedSchema>;

/** POST /api/merchandise-orders/{id}/returns/{returnId}/reject (admin): why, told to the buyer. */
export const rejectReturnSchema = z.object({ reason: optionalText(1000) });
export type RejectReturn = z.infer<typeof rejectReturnSchema>;
export type RejectReturnInput = z.input<typeof rejectReturnSchema>;

export const returnParams = z.object({ id, returnId: id });

/** POST /api/orders/{token}/returns (the buyer): which lines, and why. */
export const requestReturnSchema = z.object({
  lines: lineQuantities,
  reason: requiredText(1000, "Tell us why"),
});
export type RequestReturn = z.infer<typeof requestReturnSchema>;
export type RequestReturnInput = z.input<typeof requestReturnSchema>;

export const orderTokenParams = z.object({ token: z.string().min(10).max(200) });

/** Carriers with a tracking page; any other carrier's number is shown as it is. */
const TRACKING_PAGES: Record<string, (n: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  "royal mail": (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
};

/**
 * The carrier's tracking page for this number, or null when the carrier is not one of them. A
 * number is often written in groups ("9400 1000 0000"); the carriers' pages look up the digits
 * alone and find nothing for "9400%201000", so the spaces go.
 */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[carrier.trim().toLowerCase().replace(/\s+/g, " ")];
  return page ? page(encodeURIComponent(trackingNumber.replace(/\s+/g, ""))) : null;
}

/** The admins' routes and the buyer's return request; the buyer's order page is the checkout's. */
const { get, ship, approveReturn, rejectReturn, cancel, refundUnshipped, requestReturn } = merchandiseFulfilmentApi;

const NOT_FOUND_OR_CONFLICT = { 404: apiErrorSchema, 409: apiErrorSchema };

/** docs/product.md, "Merchandise shop": shipping, returns and cancellation. */
export const merchandiseFulfilmentContract = defineContract(
  "merchandiseFulfilment",
  { get, ship, approveReturn, rejectReturn, cancel, refundUnshipped, requestReturn },
  {
    get: {
      summary: "One order: its status, address, lines, fulfilments and returns",
      params: idParams,
      responses: { 200: merchandiseOrderDetailSchema, 404: apiErrorSchema },
    },
    ship: {
      summary: "Records a parcel of some or all lines with its tracking number, and tells the buyer",
      description:
        "409 when the order is not paid and unshipped, or a line would be sent more units than were ordered and not yet sent; 400 for a line not in the order.",
      params: idParams,
      body: createFulfilmentSchema,
      responses: { 201: merchandiseOrderDetailSchema, ...NOT_FOUND_OR_CONFLICT },
    },
    approveReturn: {
      summary: "Approves a return, refunds its lines' price and tax through Stripe, and restocks them if asked",
      description:
        "409 when more units would be returned than were shipped and not yet returned, or the request was already settled; 502 when Stripe refuses (approving the same return again retries its refund).",
      params: idParams,
      body: approveReturnSchema,
      responses: { 201: merchandiseOrderDetailSchema, ...NOT_FOUND_OR_CONFLICT, 502: apiErrorSchema },
    },
    rejectReturn: {
      summary: "Rejects a return the buyer asked for, and tells the buyer why",
      description: "404 when the order or the return is unknown; 409 unless the return is requested.",
      params: returnParams,
      body: rejectReturnSchema,
      responses: { 200: merchandiseOrderDetailSchema, ...NOT_FOUND_OR_CONFLICT },
    },
    cancel: {
      summary: "Cancels an order nothing of which has shipped: refunds it all and puts its stock back",
      description:
        "409 when some of it has shipped, or it is not paid. The order is marked cancelling before Stripe is asked (shipping is refused meanwhile); asking again after a 502 finishes the same cancellation.",
      params: idParams,
      responses: { 200: merchandiseOrderDetailSchema, ...NOT_FOUND_OR_CONFLICT, 502: apiErrorSchema },
    },
    refundUnshipped: {
      summary: "Refunds units not shipped yet (they will not ship), with their tax share, and restocks them if asked",
      description:
        "400 for a line not in the order; 409 for more units than are still to ship, an order being cancelled, or an order nothing of which has shipped when every unit would be refunded (cancel it instead); 502 when Stripe refuses (asking again with the same lines retries that refund).",
      params: idParams,
      body: refundUnshippedSchema,
      responses: { 201: merchandiseOrderDetailSchema, ...NOT_FOUND_OR_CONFLICT, 502: apiErrorSchema },
    },
    requestReturn: {
      summary: "The buyer asks to return some shipped units, and says why",
      description: "404 for a link that is not an order's; 409 for more units than were shipped and not yet returned.",
      params: orderTokenParams,
      body: requestReturnSchema,
      responses: { 201: merchandiseReturnSchema, ...NOT_FOUND_OR_CONFLICT },
    },
  },
);
