// The music store's card sales for administrators (docs/product.md, "Music store"): what each
// sale paid, what Stripe kept and what was refunded, and a refund in full or in part.
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { toCents } from "./money";
import { storeAmount } from "./store";
import { storeSalesApi } from "./store.api";

export { storeSalesApi } from "./store.api";

/** One card sale: amounts are decimal strings in USD. */
export const storeSaleSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.enum(["paid", "refunded"]),
    amount: z.string(),
    /** Stripe's card fee; null while Stripe has not said it yet (the sale's royalty line waits for it). */
    fee: z.string().nullable(),
    /** Refunded so far, as Stripe reported it. */
    refunded: z.string(),
    /** What may still be refunded here (0.00 once refunded in full, and for a download bought in a cart). */
    refundable: z.string(),
    /** Bought in the shop's cart: its order's number (refunded with that order); null otherwise. */
    shopOrder: z.int().nullable(),
    paidAt: instant,
  })
  .meta({ id: "StoreSale" });
export type StoreSale = z.output<typeof storeSaleSchema>;

/** POST /api/store/purchases/{id}/refund: an amount in dollars, or nothing for all that is left. */
export const storeRefundInputSchema = z.object({
  amount: storeAmount.refine((value) => toCents(value) > 0, "Enter an amount above 0").optional(),
});
export type StoreRefundInput = z.output<typeof storeRefundInputSchema>;

export const storeRefundSchema = z
  .object({ refundId: z.string(), amount: z.string(), message: z.string() })
  .meta({ id: "StoreRefund" });

export const PURCHASE_NOT_FOUND = "No such purchase";

export const storeSalesContract = defineContract("storeSales", storeSalesApi, {
  listSales: {
    summary: "A release's card sales, newest first (at most 200): amount, Stripe's fee, refunded and refundable",
    params: idParams,
    responses: { 200: z.array(storeSaleSchema), 404: apiErrorSchema },
  },
  refund: {
    summary: "Refunds a paid purchase through Stripe, all that is left or `amount` dollars of it",
    description:
      "202: Stripe was asked; its charge.refunded webhook records the refund and the sale's royalty lines. 400 for an amount above what is left to refund; 409 for a purchase that is not paid (pending, free, redeemed) or already refunded; 503 while card payments are not configured.",
    params: idParams,
    body: storeRefundInputSchema,
    responses: { 202: storeRefundSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
});
