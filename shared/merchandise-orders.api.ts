import { route } from "./api-route";

/**
 * The merchandise order routes. Buying goes through the cart (shared/merchandise-checkout.api.ts);
 * `…/complete` confirms an order once its card is paid. `…/payment-intent`, the retired one-item
 * checkout, answers 410. The list is for administrators. Their schemas: merchandiseOrdersContract
 * in shared/merchandise-orders.ts.
 */
export const merchandiseOrdersApi = {
  paymentIntent: route("POST", "/api/merchandise-orders/payment-intent", "public"),
  complete: route("POST", "/api/merchandise-orders/complete", "public"),
  list: route("GET", "/api/merchandise-orders", "admin"),
};
