import { route } from "./api-route";

/**
 * The merchandise order routes. Buying is a checkout open to any visitor, in the two steps
 * every checkout has: `…/payment-intent` reserves the stock and starts the card payment,
 * `…/complete` confirms the order once the card is paid. The list is for administrators. Their
 * schemas: merchandiseOrdersContract in shared/merchandise-orders.ts.
 */
export const merchandiseOrdersApi = {
  createPaymentIntent: route("POST", "/api/merchandise-orders/payment-intent", "public"),
  complete: route("POST", "/api/merchandise-orders/complete", "public"),
  list: route("GET", "/api/merchandise-orders", "admin"),
};
