import { z } from "zod";
import { clientSecretSchema, paymentIntentIdSchema } from "./checkout";
import { apiErrorSchema, defineContract, instant } from "./contract";
import { MAX_PER_ORDER_LIMIT } from "./merchandise";
import { merchandiseOrdersApi } from "./merchandise-orders.api";
import { email, id } from "./validation";
import type { merchandiseOrders } from "./merchandise-orders.table";

/**
 * The payment's state (payment_status). "refunded": Stripe reported the payment refunded; such an
 * order is never paid (or shipped) again.
 */
export const MERCHANDISE_PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type MerchandisePaymentStatus = (typeof MERCHANDISE_PAYMENT_STATUSES)[number];

/**
 * The order's state (status): pending and failed before it is paid; then paid, partially-shipped
 * (some units sent), shipped (every unit not returned sent), returned (every unit returned and
 * refunded) or cancelled (refunded whole before shipping, or refunded through Stripe).
 */
export const MERCHANDISE_ORDER_STATUSES = [
  "pending",
  "failed",
  "paid",
  "partially-shipped",
  "shipped",
  "returned",
  "cancelled",
] as const;
export type MerchandiseOrderStatus = (typeof MERCHANDISE_ORDER_STATUSES)[number];
/** The states the admins' orders page filters by; "unshipped" is paid or partially-shipped. */
export const MERCHANDISE_ORDER_FILTERS = [
  "paid",
  "partially-shipped",
  "shipped",
  "returned",
  "cancelled",
  "unshipped",
] as const;
export type MerchandiseOrderFilter = (typeof MERCHANDISE_ORDER_FILTERS)[number];

/** A row of the table, as the server reads it. */
export type MerchandiseOrderRow = typeof merchandiseOrders.$inferSelect;

/** The start of the checkout: what is bought and who to confirm it to; the server prices the order itself. */
export const merchandiseCheckoutSchema = z.object({
  merchandiseId: id,
  /** Which variant of the item; without it, the item's only variant (an item without options). */
  variantId: id.optional(),
  quantity: z
    .int({ error: "Enter a whole number" })
    .min(1, "Choose at least 1")
    // The item's own maximum (maxPerOrder) is checked by the server against the item.
    .max(MAX_PER_ORDER_LIMIT, `At most ${MAX_PER_ORDER_LIMIT} per order`),
  customerEmail: email,
});
export type MerchandiseCheckout = z.infer<typeof merchandiseCheckoutSchema>;

/** The end of the checkout, once the card is paid. */
export const completeMerchandiseOrderSchema = z.object({ paymentIntentId: paymentIntentIdSchema });

/** A status of MERCHANDISE_PAYMENT_STATUSES (the column is text, so the answer says string). */
const paymentStatus = z.string().meta({ description: `One of: ${MERCHANDISE_PAYMENT_STATUSES.join(", ")}.` });

/** The start's answer: the card payment's secret and the order it pays for. */
export const merchandiseOrderPaymentIntentSchema = clientSecretSchema
  .extend({ orderId: z.string() })
  .meta({ id: "MerchandiseOrderPaymentIntent" });
export type MerchandiseOrderPaymentIntent = z.output<typeof merchandiseOrderPaymentIntentSchema>;

/** The completion's answer: a receipt, never the buyer's e-mail. */
export const merchandiseOrderReceiptSchema = z
  .object({
    id: z.string(),
    /** The item and quantity of a single-item order; null for an order with several lines. */
    itemName: z.string().nullable(),
    quantity: z.int().nullable(),
    /** A decimal string such as "50.00". */
    totalAmount: z.string(),
    paymentStatus,
  })
  .meta({ id: "MerchandiseOrderReceipt" });
export type MerchandiseOrderReceipt = z.output<typeof merchandiseOrderReceiptSchema>;

/**
 * An order as the administrators' list shows it. The item's name and price are copies, so the
 * order stays readable when the item changes or is deleted (merchandiseId null); the address it
 * was started from stays on the server.
 */
export const merchandiseOrderSchema = z
  .object({
    id: z.string(),
    merchandiseId: z.string().nullable(),
    /** Those of a single-item order; null for an order with several lines (its lines say). */
    itemName: z.string().nullable(),
    unitPrice: z.string().nullable(),
    quantity: z.int().nullable(),
    totalAmount: z.string(),
    customerEmail: z.string(),
    paymentStatus,
    /** The order's own state (MERCHANDISE_ORDER_STATUSES). */
    status: z.string().meta({ description: `One of: ${MERCHANDISE_ORDER_STATUSES.join(", ")}.` }),
    orderNumber: z.int().nullable(),
    /** Who it ships to; null for an order placed before the shop shipped. */
    shipName: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
    createdAt: instant,
    paidAt: instant.nullable(),
  })
  .meta({ id: "MerchandiseOrder" });
/** An order as JSON carries it: what the client receives. */
export type MerchandiseOrder = z.output<typeof merchandiseOrderSchema>;
/** The same as the server reads it (dates as Dates). */
export type ListedMerchandiseOrderRow = z.input<typeof merchandiseOrderSchema>;

/** docs/product.md, "Merchandise shop" and "API"; docs/decisions/006-payment-settlement.md. */
export const merchandiseOrdersContract = defineContract("merchandiseOrders", merchandiseOrdersApi, {
  createPaymentIntent: {
    summary: "Reserves the stock of an order and starts its card payment",
    description:
      "404 for an unknown item; 409 when it is not on sale or has too little stock left; 400 also for more than the item's per-order maximum; 429 when the buyer (by address or e-mail) already holds too many unpaid orders.",
    body: merchandiseCheckoutSchema,
    responses: {
      201: merchandiseOrderPaymentIntentSchema,
      404: apiErrorSchema,
      409: apiErrorSchema,
      429: apiErrorSchema,
    },
  },
  complete: {
    summary: "Confirms the order once the card payment has succeeded; repeating it is harmless",
    description: "404 when no order has this payment; 409 when the payment has not completed or was refunded.",
    body: completeMerchandiseOrderSchema,
    responses: { 200: merchandiseOrderReceiptSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  list: {
    summary: "The orders, newest first: of one status (unshipped: paid or partially shipped), and matching q",
    description:
      "q is an e-mail (whole, any case), the start of the name shipped to, an order number (#1001 or 1001) or a tracking number.",
    query: z.object({
      status: z.enum(MERCHANDISE_ORDER_FILTERS).optional(),
      q: z.string().trim().max(200).optional(),
    }),
    responses: { 200: z.array(merchandiseOrderSchema) },
  },
});
