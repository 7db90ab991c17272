import express from "express";
import {
  vendorBookingsContract,
  vendorSlotsBatchQuerySchema,
  type VendorSlotsBatchQuery,
} from "@shared/vendor-bookings";
import { vendorBookingsApi } from "@shared/vendor-bookings.api";
import type { VendorSlotAvailability, VendorSlotsByShow } from "@shared/vendor-slots";
import { contractRouter, underApi } from "../../lib/contract-router";
import { clientAddress } from "../../lib/rate-limit";
import { validate, validateId } from "../../lib/validate";
import type { VendorBookingsFeature } from "./vendor-bookings";
import type { RouteSets } from "../../lib/route-sets";

const { createPaymentIntent } = vendorBookingsApi;
const SLOTS_OF_SHOWS = "/tour-dates/vendor-slots";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const vendorBookingsRouteSets: RouteSets = {
  purchases: [createPaymentIntent.path, ...createPaymentIntent.aliases].map(underApi),
  publicReads: [SLOTS_OF_SHOWS],
};

/**
 * Vendor slot booking (public, docs/product.md "Vendor booking"); the list and cancelling are
 * for administrators. Stripe's webhook reaches the service through the payments feature.
 */
export function createVendorBookingsRouter({ bookings, payments, cancellations }: VendorBookingsFeature) {
  const router = express.Router({ caseSensitive: true });

  // What is left of each spot type at the shows of a list (the vendor page's cards, the tour
  // dates list), in one query instead of one call per show; live, so no cache keeps it.
  router.get(SLOTS_OF_SHOWS, validate({ query: vendorSlotsBatchQuerySchema }), async (_req, res) => {
    const { ids } = res.locals.query as VendorSlotsBatchQuery;
    res.setHeader("Cache-Control", "no-store");
    res.json((await bookings.availabilityOf(ids)) satisfies VendorSlotsByShow);
  });

  // The same for one show: the booking dialog and the show page read it.
  router.get("/tour-dates/:id/vendor-slots", validateId(), async (req, res) => {
    const slots = await bookings.availability(req.params.id as string);
    res.setHeader("Cache-Control", "no-store");
    res.json(slots satisfies VendorSlotAvailability[]);
  });

  router.use(
    contractRouter(vendorBookingsContract, {
      createPaymentIntent: async ({ body, req }) => ({
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
    }),
  );

  return router;
}
