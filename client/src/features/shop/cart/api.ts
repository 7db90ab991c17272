import { useMutation, useQuery } from "@tanstack/react-query";
import type { merchandiseContract } from "@shared/merchandise";
import { merchandiseApi } from "@shared/merchandise.api";
import type {
  Cart,
  merchandiseCheckoutContract,
  PlaceOrderInput,
  QuoteRequestInput,
} from "@shared/merchandise-checkout";
import { merchandiseCheckoutApi } from "@shared/merchandise-checkout.api";
import type { merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseOrdersApi } from "@shared/merchandise-orders.api";
import { apiClient } from "@/lib/api-client";

const checkout = apiClient<typeof merchandiseCheckoutContract>(merchandiseCheckoutApi);
const orders = apiClient<typeof merchandiseOrdersContract>(merchandiseOrdersApi);
const catalogue = apiClient<typeof merchandiseContract>(merchandiseApi);

/**
 * A signed-in member's saved cart: read once at sign-in, replaced on every change. Background
 * calls, so a failure shows no toast (the browser's cart still works, and the next change tries again).
 */
export const memberCartApi = {
  load: () => checkout.getCart(),
  save: (saved: Cart) => checkout.putCart({ body: saved }),
  /** The items on sale with their variants: what a saved line is shown as. */
  itemsOnSale: () => catalogue.listAvailable(),
  /** The music store's published releases: what a saved download is shown as. */
  releasesOnSale: async () => (await import("./releases-on-sale")).releasesOnSale(),
};

/** The order's price to a country, once one is chosen (null: nothing to ask yet). */
export function useQuote(request: QuoteRequestInput | null) {
  return useQuery({
    ...checkout.quote.query({ body: request ?? { items: [], digital: [], country: "" } }),
    // The body is the question: the key names it too, so each cart and country is its own answer.
    queryKey: ["quote", request],
    enabled: request !== null,
    retry: false,
  });
}

/** The checkout's calls run inside the payment helpers, which show their own failure toasts. */
const CHECKOUT = { ownErrorToast: true };

/** Holds the cart's stock and starts the card payment for the order's total. */
export function usePlaceOrder() {
  return useMutation({ mutationFn: (body: PlaceOrderInput) => checkout.place({ body }), meta: CHECKOUT });
}

/** Confirms the order once the card is paid (the server checks the payment with Stripe). */
export function useCompleteOrder() {
  return useMutation({
    mutationFn: (paymentIntentId: string) => orders.complete({ body: { paymentIntentId } }),
    meta: CHECKOUT,
  });
}
