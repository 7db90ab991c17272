import { route } from "./api-route";

/**
 * The vendor-booking routes. Booking a slot is a checkout open to any visitor, in the two steps
 * every checkout has: `…/payment-intent` holds a slot and starts the card payment,
 * `…/complete` confirms it once the card is paid. The paths the product first published for
 * those two keep answering as aliases. The list and cancelling are for administrators. Their
 * schemas: vendorBookingsContract in shared/vendor-bookings.ts.
 */
export const vendorBookingsApi = {
  paymentIntent: route("POST", "/api/vendor-bookings/payment-intent", "public", {
    aliases: ["/api/create-vendor-payment-intent"],
  }),
  complete: route("POST", "/api/vendor-bookings/complete", "public", {
    aliases: ["/api/complete-vendor-booking-payment"],
  }),
  list: route("GET", "/api/vendor-bookings", "admin"),
  cancel: route("POST", "/api/vendor-bookings/:id/cancel", "admin"),
};
