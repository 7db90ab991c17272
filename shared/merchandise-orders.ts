import { z } from "zod";
import { paymentIntentIdSchema } from "./checkout";
import { apiErrorSchema, defineContract, instant } from "./contract";
import { merchandiseOrdersApi } from "./merchandise-orders.api";
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

/**
 * The answer of the retired one-item checkout (`POST /api/merchandise-orders/payment-intent`): it
 * charged price × quantity with no address, shipping or tax; the cart's checkout does all three.
 */
export const ONE_ITEM_CHECKOUT_RETIRED =
  "This way of buying has been retired. Add the item to your cart and check out from the cart.";

/** The end of the checkout, once the card is paid. */
export const completeMerchandiseOrderSchema = z.object({ paymentIntentId: paymentIntentIdSchema });

/** A status of MERCHANDISE_PAYMENT_STATUSES (the column is text, so the answer says string). */
const paymentStatus = z.string().meta({ description: `One of: ${MERCHANDISE_PAYMENT_STATUSES.join(", ")}.` });

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
  paymentIntent: {
    summary: "Retired: the one-item checkout. Every purchase goes through the cart (POST /api/merchandise-orders)",
    description: `Answers 410 "${ONE_ITEM_CHECKOUT_RETIRED}" to any request; nothing is held or charged.`,
    deprecated: true,
    responses: { 410: apiErrorSchema },
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
