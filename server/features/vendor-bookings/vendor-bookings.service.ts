import crypto from "node:crypto";
import { z } from "zod";
import { VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import { fromCents, toCents } from "@shared/money";
import {
  cancelVendorBookingSchema,
  completeVendorBookingPaymentSchema,
  createVendorPaymentIntentSchema,
  type ClientSecretResponse,
  type VendorBooking,
  type VendorBookingWithTourDate,
} from "@shared/vendor-bookings";
import { VENDOR_SLOT_SOLD_OUT_MESSAGE, type VendorSlotAvailability } from "@shared/vendor-slots";
import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../db/database";
import type { Charge, PaymentIntent } from "../../integrations/stripe";
import { assertPaysInFull, paymentProblem, type CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { assertWithinUnpaidHolds, holdsSince, type UnpaidHoldLimits } from "../../lib/unpaid-holds";
import { RELEASED_STATUSES, type VendorBookingsRepository } from "./vendor-bookings.repository";

type CreateIntentInput = z.infer<typeof createVendorPaymentIntentSchema>;
type CompleteInput = z.infer<typeof completeVendorBookingPaymentSchema>;
type CancelInput = z.infer<typeof cancelVendorBookingSchema>;

/** Metadata key naming the booking a PaymentIntent pays for (the webhook dispatches on it). */
export const VENDOR_BOOKING_METADATA_KEY = "vendorBookingId";

export const BOOKING_NOT_FOUND = "Booking not found";
export const ALREADY_CANCELLED_MESSAGE = "This booking has already been cancelled";
export const NOT_CANCELLABLE_MESSAGE = "Only paid or held bookings can be cancelled";
export const PAID_MEANWHILE_MESSAGE = "This booking was paid meanwhile. Cancel it again to refund it.";

/** Expired holds one statement releases; a run repeats until fewer are left. */
const EXPIRED_PER_STATEMENT = 500;

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

/** 409 for a booking an administrator may not cancel (any status but paid and pending). */
function assertCancellable(booking: VendorBooking): void {
  const status = booking.paymentStatus;
  if (status === "cancelled" || status === "refunded") throw HttpError.conflict(ALREADY_CANCELLED_MESSAGE);
  if (status !== "paid" && status !== "pending") throw HttpError.conflict(NOT_CANCELLABLE_MESSAGE);
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
   * confirmation and a notice to each administrator. A booking whose hold had been released
   * (expired, failed, cancelled) takes its slot again: the money is honoured even past the
   * capacity, which is logged for an administrator to sort out. Undefined when it was already
   * paid or refunded.
   *
   * Locks in the order every writer uses (docs/decisions/019-vendor-slots.md): the tour date
   * (shared), the booking, then the slot row.
   */
  async function markPaid(id: string, tx: Transaction): Promise<VendorBooking | undefined> {
    const seen = await repository.findById(id, tx);
    if (!seen || seen.paymentStatus === "paid" || seen.paymentStatus === "refunded") return undefined;
    if (seen.tourDateId) await repository.lockTourDate(seen.tourDateId, tx);
    const previous = await repository.lock(id, tx);
    if (!previous || previous.paymentStatus === "paid" || previous.paymentStatus === "refunded") return undefined;
    const booking = await repository.update(id, { paymentStatus: "paid", cancelledAt: null }, tx);
    if ((RELEASED_STATUSES as readonly string[]).includes(previous.paymentStatus) && booking.tourDateId) {
      const { overCapacity } = await repository.retakeSlot(booking.tourDateId, booking.spotType, tx);
      logger.warn(
        { bookingId: booking.id, previousStatus: previous.paymentStatus, overCapacity },
        overCapacity
          ? "late payment of a released vendor booking: honoured beyond the slots offered"
          : "late payment of a released vendor booking: honoured, slot taken again",
      );
    }
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

  /**
   * A paid booking becomes refunded under the caller's row lock: its slot goes back and the
   * vendor is told, in the same transaction.
   */
  async function recordRefund(
    booking: VendorBooking,
    refund: { refundId: string | null; reason: string | null },
    tx: Transaction,
  ): Promise<void> {
    await repository.update(
      booking.id,
      { paymentStatus: "refunded", refundId: refund.refundId, cancelledAt: new Date() },
      tx,
    );
    await repository.releaseSlot(booking.tourDateId, booking.spotType, tx);
    const show = booking.tourDateId ? ((await repository.findTourDate(booking.tourDateId, tx)) ?? null) : null;
    await messages.queue(tx, [
      {
        template: "vendor-booking-cancelled",
        recipient: booking.vendorEmail,
        params: {
          vendorName: booking.vendorName,
          businessName: booking.businessName,
          spotType: booking.spotType as VendorSpotType,
          amountRefunded: booking.amount,
          reason: refund.reason,
          show,
        },
        aboutType: "vendor_booking",
        aboutId: booking.id,
      },
    ]);
  }

  async function listed(id: string): Promise<VendorBookingWithTourDate> {
    const booking = await repository.findListed(id);
    if (!booking) throw HttpError.notFound(BOOKING_NOT_FOUND);
    return booking;
  }

  return {
    list: () => repository.listWithTourDates(),

    /** Live slots per spot type of one show (never cached: it changes with every booking). */
    async availability(tourDateId: string): Promise<VendorSlotAvailability[]> {
      if (!(await repository.tourDateExists(tourDateId))) throw HttpError.notFound("Tour date not found");
      return repository.availability(tourDateId);
    },

    /**
     * The client sends the spot price, but the charge is the server's price for the spot
     * (docs/decisions/006-payment-settlement.md); any other amount is refused. The pending booking
     * takes its slot in one statement (docs/decisions/019-vendor-slots.md) and is committed before
     * Stripe is asked, so no database connection waits on Stripe; if the call fails (or this
     * instance is at its limit of Stripe calls) the booking is removed and its slot returned.
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

      const id = crypto.randomUUID();
      const tourDate = await repository.transaction(async (tx) => {
        const counts = await repository.lockAndCountUnpaid(
          tx,
          { clientAddress, email: data.vendorEmail },
          holdsSince(),
        );
        const found = await repository.lockTourDate(data.tourDateId, tx);
        if (!found) throw HttpError.notFound("Tour date not found");
        assertWithinUnpaidHolds(counts, deps.unpaidHolds);
        const held = await repository.insertHoldingSlot(
          { ...data, id, amount: fromCents(priceCents), paymentStatus: "pending", clientAddress },
          tx,
        );
        if (!held) throw HttpError.conflict(VENDOR_SLOT_SOLD_OUT_MESSAGE);
        return found;
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

    /**
     * charge.refunded, inside the webhook event's transaction: a paid booking refunded in full
     * (in Stripe's dashboard, or by a cancellation whose own record was lost) becomes refunded,
     * gives its slot back and the vendor is told, once. Partial refunds are logged and ignored.
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
      if (booking?.paymentStatus !== "paid") return;
      await recordRefund(booking, { refundId: null, reason: null }, tx);
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
      if (seen.paymentStatus === "paid") {
        payments.assertAvailable();
        if (!seen.paymentIntentId) throw HttpError.conflict("This booking has no card payment to refund");
        ({ id: refundId } = await payments.createRefund({
          paymentIntentId: seen.paymentIntentId,
          idempotencyKey: `vendor-booking-refund-${seen.id}`,
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
        await repository.releaseSlot(booking.tourDateId, booking.spotType, tx);
      });
      if (refundId) messages.deliverSoon();
      return listed(id);
    },

    /**
     * The scheduled checkout-holds-release job: pending bookings older than the hold become
     * expired and give their slots back.
     */
    async releaseExpiredHolds(now = Date.now()): Promise<number> {
      let total = 0;
      for (;;) {
        const released = await repository.releaseExpiredHolds(holdsSince(now), EXPIRED_PER_STATEMENT);
        total += released;
        if (released < EXPIRED_PER_STATEMENT) break;
      }
      if (total > 0) logger.info({ released: total }, "expired vendor booking holds released");
      return total;
    },
  };
}

export type VendorBookingsService = ReturnType<typeof createVendorBookingsService>;
