import express from "express";
import {
  cancelVendorBookingSchema,
  completeVendorBookingPaymentSchema,
  createVendorPaymentIntentSchema,
  vendorSlotsBatchQuerySchema,
  type ClientSecretResponse,
  type VendorBookingReceipt,
  type VendorBookingWithTourDate,
  type VendorSlotsBatchQuery,
} from "@shared/vendor-bookings";
import type { VendorSlotAvailability, VendorSlotsByShow } from "@shared/vendor-slots";
import { requireAdmin } from "../../auth/guards";
import { clientAddress } from "../../lib/rate-limit";
import { validate, validateId } from "../../lib/validate";
import type { VendorBookingsFeature } from "./vendor-bookings";
import type { RouteSets } from "../../lib/route-sets";

const START = "/create-vendor-payment-intent";
const SLOTS_OF_SHOWS = "/tour-dates/vendor-slots";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const vendorBookingsRouteSets: RouteSets = { purchases: [START], publicReads: [SLOTS_OF_SHOWS] };

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

  router.post(START, validate({ body: createVendorPaymentIntentSchema }), async (req, res) => {
    res
      .status(201)
      .json((await payments.createPaymentIntent(req.body, clientAddress(req))) satisfies ClientSecretResponse);
  });

  // Anyone holding a payment id may call the completion, so it answers with a receipt, not
  // the vendor's contact details.
  router.post(
    "/complete-vendor-booking-payment",
    validate({ body: completeVendorBookingPaymentSchema }),
    async (req, res) => {
      const { id, tourDateId, spotType, amount, paymentStatus } = await payments.completePayment(req.body);
      res.json({ id, tourDateId, spotType, amount, paymentStatus } satisfies VendorBookingReceipt);
    },
  );

  router.get("/vendor-bookings", requireAdmin, async (_req, res) => {
    res.json((await bookings.list()) satisfies VendorBookingWithTourDate[]);
  });

  router.post(
    "/vendor-bookings/:id/cancel",
    requireAdmin,
    validateId(),
    validate({ body: cancelVendorBookingSchema }),
    async (req, res) => {
      const booking = await cancellations.cancel(req.params.id as string, req.body);
      res.json(booking satisfies VendorBookingWithTourDate);
    },
  );

  return router;
}
