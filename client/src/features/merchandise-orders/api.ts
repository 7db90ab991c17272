import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Merchandise, merchandiseContract } from "@shared/merchandise";
import { merchandiseApi } from "@shared/merchandise.api";
import type { MerchandiseCheckout, merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseOrdersApi } from "@shared/merchandise-orders.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof merchandiseOrdersContract>(merchandiseOrdersApi);
/** The items' reads, refreshed when an order takes or gives back stock. */
const items = apiClient<typeof merchandiseContract>(merchandiseApi);

/**
 * The checkout's calls run inside the payment helpers (components/payments/checkout.ts), which
 * show the product's own failure toasts ('Failed to initialize payment', 'An error occurred').
 */
const CHECKOUT = { ownErrorToast: true };

/** What the Buy button needs to know about an item. */
export type BuyableItem = Pick<
  Merchandise,
  "id" | "name" | "price" | "stockQuantity" | "isAvailable" | "maxPerOrder" | "options"
>;

/** One combination of an item's options, as the Buy button sells it. */
export interface BuyableVariant {
  id: string;
  /** "M / Black". */
  label: string;
  price: string;
  stockQuantity: number;
}

/** Every order, newest first (admin). */
export const merchandiseOrdersQuery = api.list.query();

/**
 * Starting or paying for an order changes stock and the orders list everywhere; every item read
 * (on sale, all) sits under the items' key.
 */
function useInvalidateStockAndOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [items.listAvailable.key(), api.list.key()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** Reserves the stock, prices the order and starts its card payment. */
export function useStartMerchandiseCheckout() {
  return useMutation({
    mutationFn: (body: MerchandiseCheckout) => api.createPaymentIntent({ body }),
    onSuccess: useInvalidateStockAndOrders(),
    meta: CHECKOUT,
  });
}

/** Confirms the order once the card is paid (the server checks the payment with Stripe); answers a receipt. */
export function useCompleteMerchandiseOrder() {
  return useMutation({
    mutationFn: (paymentIntentId: string) => api.complete({ body: { paymentIntentId } }),
    onSuccess: useInvalidateStockAndOrders(),
    meta: CHECKOUT,
  });
}
