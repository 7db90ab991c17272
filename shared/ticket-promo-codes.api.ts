import { route } from "./api-route";

/**
 * An event's promo codes (administrators) and the price of an order with one (members). Their
 * schemas: ticketPromoCodesContract in shared/ticket-promo-codes.ts.
 */
export const ticketPromoCodesApi = {
  list: route("GET", "/api/events/:id/promo-codes", "admin"),
  create: route("POST", "/api/events/:id/promo-codes", "admin"),
  update: route("PATCH", "/api/promo-codes/:id", "admin"),
  quote: route("POST", "/api/tickets/quote", "member"),
};
