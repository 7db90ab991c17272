import { vendorBookingsContract } from "@shared/vendor-bookings";
import { vendorBookingsApi } from "@shared/vendor-bookings.api";
import { contractRouter, underApi } from "../../lib/contract-router";
import { clientAddress } from "../../lib/rate-limit";
import type { VendorBookingsFeature } from "./vendor-bookings";
import type { RouteSets } from "../../lib/route-sets";

const { paymentIntent } = vendorBookingsApi;
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const vendorBookingsRouteSets: RouteSets = {
  purchases: [paymentIntent.path, ...paymentIntent.aliases].map(underApi),
};

/**
 * Vendor slot booking (public, docs/product.md "Vendor booking"); the list and cancelling are
 * for administrators. Stripe's webhook reaches the service through the payments feature.
 */
export function createVendorBookingsRouter({ bookings, payments, cancellations }: VendorBookingsFeature) {
  return contractRouter(vendorBookingsContract, {
    paymentIntent: async ({ body, req }) => ({
      status: 201,
      body: await payments.createPaymentIntent(body, clientAddress(req)),
    }),
    // Anyone holding a payment id may call the completion, so it answers with a receipt, not
    // the vendor's contact details.
    complete: async ({ body }) => {
      const { id, tourDateId, spotType, amount, paymentStatus } = await payments.complete(body);
      return { status: 200, body: { id, tourDateId, spotType, amount, paymentStatus } };
    },
    list: async () => ({ status: 200, body: await bookings.list() }),
    cancel: async ({ params, body }) => ({ status: 200, body: await cancellations.cancel(params.id, body) }),
  });
}
