import express from "express";
import { completeMerchandiseOrderSchema, merchandiseCheckoutSchema } from "@shared/merchandise-orders";
import { completeVendorBookingPaymentSchema, createVendorPaymentIntentSchema } from "@shared/vendor-bookings";
import { requireAdmin } from "../../auth/guards";
import { clientAddress } from "../../lib/rate-limit";
import { validate } from "../../lib/validate";
import type { PaymentServices } from "./payments";

/**
 * Vendor slot booking (SPEC.md §7, public) and merchandise checkout (issue 6, public);
 * the lists are for administrators. The webhook is in stripe-webhook.router.ts (raw body).
 */
export function createPaymentsRouter({ vendorBookings, merchandiseOrders }: PaymentServices) {
  const router = express.Router();

  router.post("/create-vendor-payment-intent", validate({ body: createVendorPaymentIntentSchema }), async (req, res) => {
    res.status(201).json(await vendorBookings.createPaymentIntent(req.body, clientAddress(req)));
  });

  // Anyone holding a payment id may call the completions, so they answer with a receipt, not
  // the vendor's or buyer's contact details.
  router.post("/complete-vendor-booking-payment", validate({ body: completeVendorBookingPaymentSchema }), async (req, res) => {
    const { id, tourDateId, spotType, amount, paymentStatus } = await vendorBookings.completePayment(req.body);
    res.json({ id, tourDateId, spotType, amount, paymentStatus });
  });

  router.get("/vendor-bookings", requireAdmin, async (_req, res) => {
    res.json(await vendorBookings.list());
  });

  router.post("/merchandise-orders/payment-intent", validate({ body: merchandiseCheckoutSchema }), async (req, res) => {
    res.status(201).json(await merchandiseOrders.startCheckout(req.body, clientAddress(req)));
  });

  router.post("/merchandise-orders/complete", validate({ body: completeMerchandiseOrderSchema }), async (req, res) => {
    const { id, itemName, quantity, totalAmount, paymentStatus } = await merchandiseOrders.complete(req.body);
    res.json({ id, itemName, quantity, totalAmount, paymentStatus });
  });

  router.get("/merchandise-orders", requireAdmin, async (_req, res) => {
    res.json(await merchandiseOrders.list());
  });

  return router;
}
