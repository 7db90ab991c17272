import { route } from "./api-route";

/**
 * The shop's checkout: a quote to a country, the order (which holds the stock of every line and
 * starts its card payment; `POST /api/merchandise-orders/complete` and the webhook settle it),
 * and a member's cart. Their schemas are in shared/merchandise-checkout.ts.
 */
export const merchandiseCheckoutApi = {
  quote: route("POST", "/api/merchandise-orders/quote", "public"),
  place: route("POST", "/api/merchandise-orders", "public"),
  getCart: route("GET", "/api/merchandise-cart", "member"),
  putCart: route("PUT", "/api/merchandise-cart", "member"),
};
