import { z } from "zod";
import {
  cancelVendorBookingSchema,
  type VendorBookingRow,
  type VendorBookingWithTourDate,
} from "@shared/vendor-bookings";
import type { Transaction } from "../../db/database";
import type { Charge } from "../../integrations/stripe";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { cancelledMessage, type VendorBookingMessages } from "./vendor-booking-messages";
import type { VendorBookingsRepository } from "./vendor-bookings.repository";
import type { VendorSlotHoldsRepository } from "./vendor-slot-holds.repository";

type CancelInput = z.infer<typeof cancelVendorBookingSchema>;

export const BOOKING_NOT_FOUND = "Booking not found";
export const ALREADY_CANCELLED_MESSAGE = "This booking has already been cancelled";
export const NOT_CANCELLABLE_MESSAGE = "Only paid or held bookings can be cancelled";
export const PAYMENT_PROCESSING_MESSAGE =
  "The vendor's payment is being processed. Try cancelling again in a few minutes.";
export const PAID_MEANWHILE_MESSAGE = "This booking was paid meanwhile. Cancel it again to refund it.";

/** 409 for a booking an administrator may not cancel (any status but paid and pending). */
function assertCancellable(booking: VendorBookingRow): void {
  const status = booking.paymentStatus;
  if (status === "cancelled" || status === "refunded") throw HttpError.conflict(ALREADY_CANCELLED_MESSAGE);
  if (status !== "paid" && status !== "pending") throw HttpError.conflict(NOT_CANCELLABLE_MESSAGE);
}

/**
 * Cancelling vendor bookings and refunding what was paid: an administrator's cancel, and a
 * refund made in Stripe's dashboard reported by the charge.refunded webhook
 * (docs/decisions/019-vendor-slots.md, "Refund ordering").
 */
export function createVendorBookingCancellationsService(deps: {
  repository: VendorBookingsRepository;
  holds: VendorSlotHoldsRepository;
  payments: CheckoutPayments;
  logger: Logger;
  messages: VendorBookingMessages;
}) {
  const { repository, holds, payments, logger, messages } = deps;

  /**
   * A paid booking becomes refunded under the caller's row lock: its slot goes back and the
   * vendor is told, in the same transaction.
   */
  async function recordRefund(
    booking: VendorBookingRow,
    refund: { refundId: string | null; reason: string | null },
    tx: Transaction,
  ): Promise<void> {
    await repository.update(
      booking.id,
      { paymentStatus: "refunded", refundId: refund.refundId, cancelledAt: new Date() },
      tx,
    );
    await holds.releaseSlot(booking.tourDateId, booking.spotType, tx);
    const show = booking.tourDateId ? ((await repository.findTourDate(booking.tourDateId, tx)) ?? null) : null;
    await messages.queue(tx, [cancelledMessage(booking, refund.reason, show)]);
  }

  async function listed(id: string): Promise<VendorBookingWithTourDate> {
    const booking = await repository.findListed(id);
    if (!booking) throw HttpError.notFound(BOOKING_NOT_FOUND);
    return booking;
  }

  return {
    /**
     * charge.refunded, inside the webhook event's transaction: a paid booking refunded in full
     * (in Stripe's dashboard, or by a cancellation whose own record was lost) becomes refunded,
     * gives its slot back and the vendor is told, once. Events arrive in any order, so the
     * refund may come before the payment's success: a booking not paid yet becomes refunded too
     * (a held one giving its slot back), and that success never books it. Partial refunds are
     * logged and ignored.
     */
    async chargeRefunded(tx: Transaction, charge: Charge): Promise<void> {
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      const found = intentId ? await repository.findByPaymentIntent(intentId, tx) : undefined;
      if (!found) return;
      if (!charge.refunded) {
        logger.warn({ bookingId: found.id }, "partial refund of a vendor booking: status left as it is");
        return;
      }
      const booking = await repository.lock(found.id, tx);
      if (!booking || booking.paymentStatus === "refunded") return;
      if (booking.paymentStatus === "paid") {
        await recordRefund(booking, { refundId: null, reason: null }, tx);
        return;
      }
      // Never confirmed, so the vendor was told nothing and is not written to now either.
      logger.warn(
        { bookingId: booking.id, previousStatus: booking.paymentStatus },
        "refund reported before the vendor booking was paid: it is refunded and will not be booked",
      );
      await repository.update(booking.id, { paymentStatus: "refunded", cancelledAt: new Date() }, tx);
      if (booking.paymentStatus === "pending") await holds.releaseSlot(booking.tourDateId, booking.spotType, tx);
    },

    /**
     * POST /api/vendor-bookings/:id/cancel (admin). A held booking is cancelled and its slot
     * returned. A paid one is refunded first and recorded after (docs/decisions/019-vendor-slots.md,
     * "Refund ordering"): if Stripe refuses or is unreachable nothing changes (502/503); the
     * idempotency key makes a repeated cancel the same refund, and the charge.refunded webhook
     * records a refund whose own record was lost.
     */
    async cancel(id: string, { reason }: CancelInput): Promise<VendorBookingWithTourDate> {
      const seen = await repository.findById(id);
      if (!seen) throw HttpError.notFound(BOOKING_NOT_FOUND);
      assertCancellable(seen);

      let refundId: string | undefined;
      if (seen.paymentStatus === "pending" && seen.paymentIntentId) {
        // A held booking's payment is stopped at Stripe first, so no payment can arrive after
        // it is cancelled; one that went through meanwhile is refunded below.
        payments.assertAvailable();
        const intent = await payments.cancelPaymentIntent(seen.paymentIntentId);
        if (intent.status === "succeeded") {
          ({ id: refundId } = await payments.createRefund({
            paymentIntentId: seen.paymentIntentId,
            idempotencyScope: `vendor-booking-refund-${seen.id}`,
          }));
        } else if (intent.status !== "canceled") {
          throw HttpError.conflict(PAYMENT_PROCESSING_MESSAGE);
        }
      }
      if (seen.paymentStatus === "paid") {
        payments.assertAvailable();
        if (!seen.paymentIntentId) throw HttpError.conflict("This booking has no card payment to refund");
        ({ id: refundId } = await payments.createRefund({
          paymentIntentId: seen.paymentIntentId,
          idempotencyScope: `vendor-booking-refund-${seen.id}`,
        }));
      }

      await repository.transaction(async (tx) => {
        const booking = await repository.lock(id, tx);
        if (!booking) throw HttpError.notFound(BOOKING_NOT_FOUND);
        if (refundId) {
          // The refund webhook may have recorded it first; it did not know the refund's id.
          if (booking.paymentStatus === "refunded") {
            if (!booking.refundId) await repository.update(id, { refundId }, tx);
            return;
          }
          assertCancellable(booking);
          await recordRefund(booking, { refundId, reason: reason || null }, tx);
          return;
        }
        if (booking.paymentStatus === "paid") throw HttpError.conflict(PAID_MEANWHILE_MESSAGE);
        assertCancellable(booking);
        await repository.update(id, { paymentStatus: "cancelled", cancelledAt: new Date() }, tx);
        await holds.releaseSlot(booking.tourDateId, booking.spotType, tx);
      });
      if (refundId) messages.deliverSoon();
      return listed(id);
    },
  };
}

export type VendorBookingCancellationsService = ReturnType<typeof createVendorBookingCancellationsService>;
