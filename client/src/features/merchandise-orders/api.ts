import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Merchandise } from "@shared/merchandise";
import type {
  ListedMerchandiseOrder,
  MerchandiseCheckout,
  MerchandiseCheckoutResponse,
} from "@shared/merchandise-orders";
import { apiRequest } from "@/lib/api-request";
import { ALL_MERCHANDISE_QUERY_KEY, MERCHANDISE_ORDERS_QUERY_KEY, MERCHANDISE_QUERY_KEY } from "@/lib/query-keys";

/** What the Buy button needs to know about an item. */
export type BuyableItem = Pick<Merchandise, "id" | "name" | "price" | "stockQuantity" | "isAvailable" | "maxPerOrder">;

/** An order as GET /api/merchandise-orders sends it (timestamps are ISO strings in JSON). */
export type MerchandiseOrderRow = Omit<ListedMerchandiseOrder, "createdAt" | "paidAt"> & {
  createdAt: string;
  paidAt: string | null;
};

/** GET /api/merchandise-orders (admin), newest first. */
export const merchandiseOrdersQuery = queryOptions<MerchandiseOrderRow[]>({ queryKey: MERCHANDISE_ORDERS_QUERY_KEY });

/** Starting or paying for an order changes stock and the orders list everywhere. */
function useInvalidateStockAndOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [MERCHANDISE_QUERY_KEY, ALL_MERCHANDISE_QUERY_KEY, MERCHANDISE_ORDERS_QUERY_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** POST /api/merchandise-orders/payment-intent: reserves the stock and prices the order. */
export function useStartMerchandiseCheckout() {
  const onSuccess = useInvalidateStockAndOrders();
  return useMutation({
    mutationFn: async (body: MerchandiseCheckout): Promise<MerchandiseCheckoutResponse> =>
      (await apiRequest("POST", "/api/merchandise-orders/payment-intent", body)).json(),
    onSuccess,
  });
}

/** What the completion answers: a receipt without the buyer's contact details. */
export type MerchandiseOrderReceipt = Pick<
  MerchandiseOrderRow,
  "id" | "itemName" | "quantity" | "totalAmount" | "paymentStatus"
>;

/** POST /api/merchandise-orders/complete: the server checks the payment with Stripe. */
export function useCompleteMerchandiseOrder() {
  const onSuccess = useInvalidateStockAndOrders();
  return useMutation({
    mutationFn: async (paymentIntentId: string): Promise<MerchandiseOrderReceipt> =>
      (await apiRequest("POST", "/api/merchandise-orders/complete", { paymentIntentId })).json(),
    onSuccess,
  });
}
