import crypto from "node:crypto";
import { z } from "zod";
import { VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import { fromCents, toCents } from "@shared/money";
import {
  completeVendorBookingPaymentSchema,
  createVendorPaymentIntentSchema,
  type ClientSecretResponse,
  type VendorBooking,
} from "@shared/vendor-bookings";
import type { PaymentIntent, StripeClient } from "../../integrations/stripe";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import {
  assertPaysInFull,
  createPaymentIntent,
  paymentProblem,
  requireStripe,
  retrievePaymentIntent,
} from "./stripe-payments";
import type { Transaction } from "./executor";
import type { VendorBookingsRepository } from "./vendor-bookings.repository";
import type { PaymentMessages } from "./payments";

type CreateIntentInput = z.infer<typeof createVendorPaymentIntentSchema>;
type CompleteInput = z.infer<typeof completeVendorBookingPaymentSchema>;

/** Metadata key naming the booking a PaymentIntent pays for. */
export const VENDOR_BOOKING_METADATA_KEY = "vendorBookingId";

export function createVendorBookingsService(deps: {
  repository: VendorBookingsRepository;
  stripe: StripeClient | null;
  logger: Logger;
  messages: PaymentMessages;
}) {
  const { repository, logger, messages } = deps;

  /**
   * Marks the booking paid and, in the same transaction, queues its e-mails: the vendor's
   * confirmation and a notice to each administrator. Undefined when it was already paid.
   */
  async function markPaid(id: string, tx: Transaction): Promise<VendorBooking | undefined> {
    const booking = await repository.markPaid(id, tx);
    if (!booking) return undefined;
    const tourDate = await repository.findTourDate(booking.tourDateId, tx);
    if (!tourDate) return booking;
    const spotType = booking.spotType as VendorSpotType;
    const about = { aboutType: "vendor_booking", aboutId: booking.id };
    const { vendorName, businessName, vendorEmail, vendorPhone, foodType, amount } = booking;
    await messages.queue(tx, [
      {
        template: "vendor-booking-confirmation",
        recipient: vendorEmail,
        params: { vendorName, businessName, spotType, amount, ...tourDate },
        ...about,
      },
    ]);
    await messages.queueToAdmins(tx, {
      template: "vendor-booking-admin-notice",
      params: { vendorName, vendorEmail, vendorPhone, businessName, foodType, spotType, amount, ...tourDate },
      ...about,
    });
    return booking;
  }

  return {
    list: () => repository.listWithTourDates(),

    /**
     * SPEC.md §7: the client sends the spot price, but the charge is the server's price for
     * the spot (ARCHITECTURE.md "Payments"); any other amount is refused.
     */
    async createPaymentIntent({ amount, vendorBookingData: data }: CreateIntentInput): Promise<ClientSecretResponse> {
      const stripe = requireStripe(deps.stripe);
      const spot = VENDOR_SPOTS[data.spotType];
      const priceCents = spot.price * 100;
      if (toCents(amount) !== priceCents || toCents(data.amount) !== priceCents) {
        throw HttpError.badRequest("The amount does not match the selected spot");
      }
      const tourDate = await repository.tourDateExists(data.tourDateId);
      if (!tourDate) throw HttpError.notFound("Tour date not found");

      const id = crypto.randomUUID();
      // The row and the PaymentIntent are made in one transaction around the Stripe call, so
      // a Stripe failure (or a crash) leaves no pending booking behind.
      return repository.transaction(async (tx) => {
        await repository.insert({ ...data, id, amount: fromCents(priceCents), paymentStatus: "pending" }, tx);
        const intent = await createPaymentIntent(stripe, {
          amountCents: priceCents,
          metadata: { [VENDOR_BOOKING_METADATA_KEY]: id, tourDateId: data.tourDateId, spotType: data.spotType },
          idempotencyKey: `vendor-booking-${id}`,
          description: `${spot.label}: ${tourDate.artistName}`,
          receiptEmail: data.vendorEmail,
        });
        await repository.attachPaymentIntent(id, intent.id, tx);
        return { clientSecret: intent.clientSecret };
      });
    },

    /** Believes the browser only after Stripe confirms the payment; repeating it is harmless. */
    async completePayment({ paymentIntentId, vendorBookingData }: CompleteInput): Promise<VendorBooking> {
      const stripe = requireStripe(deps.stripe);
      const intent = await retrievePaymentIntent(stripe, paymentIntentId);
      const booking = await repository.findByPaymentIntent(intent.id);
      if (!booking || intent.metadata[VENDOR_BOOKING_METADATA_KEY] !== booking.id) {
        throw HttpError.notFound("Booking not found for this payment");
      }
      if (
        vendorBookingData &&
        (vendorBookingData.tourDateId !== booking.tourDateId ||
          vendorBookingData.spotType !== booking.spotType ||
          vendorBookingData.vendorEmail.toLowerCase() !== booking.vendorEmail.toLowerCase())
      ) {
        throw HttpError.badRequest("The booking details do not match this payment");
      }
      assertPaysInFull(intent, toCents(booking.amount));
      const paid = await repository.transaction((tx) => markPaid(booking.id, tx));
      if (paid) messages.deliverSoon();
      return paid ?? booking;
    },

    /** Webhook (payment_intent.succeeded / payment_failed), inside the event's transaction. */
    async settleFromWebhook(tx: Transaction, intent: PaymentIntent, outcome: "paid" | "failed"): Promise<void> {
      const booking = await repository.findByPaymentIntent(intent.id, tx);
      if (!booking || intent.metadata[VENDOR_BOOKING_METADATA_KEY] !== booking.id) {
        logger.warn({ paymentIntentId: intent.id }, "webhook: no vendor booking for this payment intent");
        return;
      }
      if (outcome === "failed") {
        await repository.markFailed(booking.id, tx);
        return;
      }
      const problem = paymentProblem(intent, toCents(booking.amount));
      if (problem) {
        logger.error({ paymentIntentId: intent.id, problem }, "webhook: payment does not pay for the vendor booking");
        return;
      }
      await markPaid(booking.id, tx);
    },
  };
}

export type VendorBookingsService = ReturnType<typeof createVendorBookingsService>;
