import express from "express";
import {
  cancelVendorBookingSchema,
  completeVendorBookingPaymentSchema,
  createVendorPaymentIntentSchema,
  type ClientSecretResponse,
  type VendorBookingReceipt,
  type VendorBookingWithTourDate,
} from "@shared/vendor-bookings";
import { requireAdmin } from "../../auth/guards";
import { clientAddress } from "../../lib/rate-limit";
import { validate, validateId } from "../../lib/validate";
import type { VendorBookingsFeature } from "./vendor-bookings";
import type { RouteSets } from "../../lib/route-sets";

const START = "/create-vendor-payment-intent";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const vendorBookingsRouteSets: RouteSets = { purchases: [START] };

/**
 * Vendor slot booking (public, docs/product.md "Vendor booking"); the list and cancelling are
 * for administrators. Stripe's webhook reaches the service through the payments feature.
 */
export function createVendorBookingsRouter({ bookings, payments, cancellations }: VendorBookingsFeature) {
  const router = express.Router({ caseSensitive: true });

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
