import { fileRoute, route } from "./api-route";

/**
 * Buying tickets and listing one's own (signed-in members). Every checkout of the product
 * holds its stock and makes its card payment at `…/payment-intent` and confirms it at
 * `…/complete`; `POST /api/tickets`, the purchase's published path, answers the same.
 * Their schemas: ticketsContract in shared/tickets.ts.
 */
export const ticketsApi = {
  paymentIntent: route("POST", "/api/tickets/payment-intent", "member", { aliases: ["/api/tickets"] }),
  complete: route("POST", "/api/tickets/complete", "member"),
  my: route("GET", "/api/tickets/my", "member"),
};

/**
 * The administrators' view of an event's orders and their cancellations. Their schemas:
 * ticketOrdersContract in shared/tickets.ts.
 */
export const ticketOrdersApi = {
  cancel: route("POST", "/api/tickets/:id/cancel", "admin"),
  eventOrders: route("GET", "/api/events/:id/orders", "admin"),
  cancelEvent: route("POST", "/api/events/:id/cancel", "admin"),
};

/** A ticket's documents, for its holder or an administrator: downloads, not JSON. */
export const ticketFiles = {
  pdf: fileRoute("/api/tickets/:id/pdf", "member", { summary: "An order's tickets as a PDF, a page per ticket" }),
  calendar: fileRoute("/api/tickets/:id/calendar.ics", "member", { summary: "The event as a calendar invitation" }),
};
