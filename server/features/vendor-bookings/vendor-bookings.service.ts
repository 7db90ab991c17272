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
import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../db/database";
import type { PaymentIntent } from "../../integrations/stripe";
import { assertPaysInFull, paymentProblem, type CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { assertWithinUnpaidHolds, holdsSince, type UnpaidHoldLimits } from "../../lib/unpaid-holds";
import type { VendorBookingsRepository } from "./vendor-bookings.repository";

type CreateIntentInput = z.infer<typeof createVendorPaymentIntentSchema>;
type CompleteInput = z.infer<typeof completeVendorBookingPaymentSchema>;

/** Metadata key naming the booking a PaymentIntent pays for (the webhook dispatches on it). */
export const VENDOR_BOOKING_METADATA_KEY = "vendorBookingId";

/**
 * What vendor bookings need from the outbox, passed in by features/index.ts: queue the
 * confirmation e-mails inside the transaction that marks a booking paid, and ask for delivery
 * once it has committed.
 */
export interface VendorBookingMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  queueToAdmins(tx: Transaction, message: NewAdminMessage): Promise<unknown>;
  deliverSoon(): void;
}

export function createVendorBookingsService(deps: {
  repository: VendorBookingsRepository;
  payments: CheckoutPayments;
  logger: Logger;
  messages: VendorBookingMessages;
  unpaidHolds: UnpaidHoldLimits;
}) {
  const { repository, payments, logger, messages } = deps;

  /**
   * Marks the booking paid and, in the same transaction, queues its e-mails: the vendor's
   * confirmation and a notice to each administrator. Undefined when it was already paid.
   */
  async function markPaid(id: string, tx: Transaction): Promise<VendorBooking | undefined> {
    const booking = await repository.markPaid(id, tx);
    if (!booking) return undefined;
    const tourDate = booking.tourDateId ? await repository.findTourDate(booking.tourDateId, tx) : undefined;
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
     * The client sends the spot price, but the charge is the server's price for the spot
     * (docs/decisions/006-payment-settlement.md); any other amount is refused. The pending booking
     * is committed before Stripe is asked, so no database connection waits on Stripe; if the
     * call fails (or this instance is at its limit of Stripe calls) the booking is removed.
     */
    async createPaymentIntent(
      { amount, vendorBookingData: data }: CreateIntentInput,
      clientAddress: string,
    ): Promise<ClientSecretResponse> {
      payments.assertAvailable();
      const spot = VENDOR_SPOTS[data.spotType];
      const priceCents = spot.price * 100;
      if (toCents(amount) !== priceCents || toCents(data.amount) !== priceCents) {
        throw HttpError.badRequest("The amount does not match the selected spot");
      }
      const tourDate = await repository.tourDateExists(data.tourDateId);
      if (!tourDate) throw HttpError.notFound("Tour date not found");

      const id = crypto.randomUUID();
      await repository.transaction(async (tx) => {
        const counts = await repository.lockAndCountUnpaid(
          tx,
          { clientAddress, email: data.vendorEmail },
          holdsSince(),
        );
        assertWithinUnpaidHolds(counts, deps.unpaidHolds);
        await repository.insert(
          { ...data, id, amount: fromCents(priceCents), paymentStatus: "pending", clientAddress },
          tx,
        );
      });

      let intent: { id: string; clientSecret: string };
      try {
        intent = await payments.createPaymentIntent({
          amountCents: priceCents,
          metadata: { [VENDOR_BOOKING_METADATA_KEY]: id, tourDateId: data.tourDateId, spotType: data.spotType },
          idempotencyKey: `vendor-booking-${id}`,
          description: `${spot.label}: ${tourDate.artistName}`,
          receiptEmail: data.vendorEmail,
        });
      } catch (error) {
        await repository
          .deleteUnpaid(id)
          .catch((cleanup) =>
            logger.warn({ err: cleanup, bookingId: id }, "could not remove a booking without payment"),
          );
        throw error;
      }
      await repository.attachPaymentIntent(id, intent.id);
      return { clientSecret: intent.clientSecret };
    },

    /** Believes the browser only after Stripe confirms the payment; repeating it is harmless. */
    async completePayment({ paymentIntentId, vendorBookingData }: CompleteInput): Promise<VendorBooking> {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
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
