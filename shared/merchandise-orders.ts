import { z } from "zod";
import { MAX_PER_ORDER_LIMIT } from "./merchandise";
import { email, id } from "./validation";
import { paymentIntentIdSchema } from "./vendor-bookings";
import type { merchandiseOrders } from "./merchandise-orders.table";

/** "refunded": Stripe reported the payment refunded; such an order is never paid (or shipped) again. */
export const MERCHANDISE_ORDER_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type MerchandiseOrderStatus = (typeof MERCHANDISE_ORDER_STATUSES)[number];

export type MerchandiseOrder = typeof merchandiseOrders.$inferSelect;
/** An order as the admin list shows it: the address it was started from stays on the server. */
export type ListedMerchandiseOrder = Omit<MerchandiseOrder, "clientAddress">;

/** POST /api/merchandise-orders/payment-intent: the server prices the order itself. */
export const merchandiseCheckoutSchema = z.object({
  merchandiseId: id,
  quantity: z
    .int({ error: "Enter a whole number" })
    .min(1, "Choose at least 1")
    // The item's own maximum (maxPerOrder) is checked by the server against the item.
    .max(MAX_PER_ORDER_LIMIT, `At most ${MAX_PER_ORDER_LIMIT} per order`),
  customerEmail: email,
});
export type MerchandiseCheckout = z.infer<typeof merchandiseCheckoutSchema>;

/** POST /api/merchandise-orders/complete */
export const completeMerchandiseOrderSchema = z.object({ paymentIntentId: paymentIntentIdSchema });

/** The answer of POST /api/merchandise-orders/complete: a receipt, never the buyer's e-mail. */
export type MerchandiseOrderReceipt = Pick<
  MerchandiseOrder,
  "id" | "itemName" | "quantity" | "totalAmount" | "paymentStatus"
>;

export interface MerchandiseCheckoutResponse {
  clientSecret: string;
  orderId: string;
}
