import crypto from "node:crypto";
import { z } from "zod";
import { VENDOR_SPOTS } from "@shared/constants";
import { fromCents, toCents } from "@shared/money";
import {
  completeVendorBookingPaymentSchema,
  createVendorPaymentIntentSchema,
  type ClientSecretResponse,
  type VendorBookingRow,
} from "@shared/vendor-bookings";
import { VENDOR_SLOT_SOLD_OUT_MESSAGE } from "@shared/vendor-slots";
import type { Transaction } from "../../db/database";
import type { PaymentIntent } from "../../integrations/stripe";
import {
  assertPaysInFull,
  createIntentOrRollBack,
  paymentProblem,
  type CheckoutPayments,
} from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { assertWithinUnpaidHolds, holdsSince, type UnpaidHoldLimits } from "../../lib/unpaid-holds";
import { adminNotice, confirmationMessage, type VendorBookingMessages } from "./vendor-booking-messages";
import type { VendorBookingsRepository } from "./vendor-bookings.repository";
import { RELEASED_STATUSES, type VendorSlotHoldsRepository } from "./vendor-slot-holds.repository";

type CreateIntentInput = z.infer<typeof createVendorPaymentIntentSchema>;
type CompleteInput = z.infer<typeof completeVendorBookingPaymentSchema>;

/** Metadata key naming the booking a PaymentIntent pays for (the webhook dispatches on it). */
export const VENDOR_BOOKING_METADATA_KEY = "vendorBookingId";

/** The completion call's 409 for a booking whose payment was refunded before it could book it. */
export const REFUNDED_MESSAGE = "This payment was refunded. The booking is not confirmed.";

/** The completion call's 409 for a payment that arrived after an administrator cancelled the booking. */
export const CANCELLED_MESSAGE = "This booking was cancelled, so your payment is being refunded.";

/** A show whose day has ended at its venue takes no more vendors. */
export const PAST_TOUR_DATE_MESSAGE = "This show has already taken place, so its vendor slots can no longer be booked.";

/** Expired holds one statement releases; a run repeats until fewer are left. */
const EXPIRED_PER_STATEMENT = 500;

/**
 * Booking a vendor slot and paying for it by card: the booking holds its slot while the card is
 * paid, and is settled by the browser's confirmation call or Stripe's webhook, whichever comes
 * first; holds never paid expire on schedule (docs/decisions/019-vendor-slots.md).
 */
export function createVendorBookingPaymentsService(deps: {
  repository: VendorBookingsRepository;
  holds: VendorSlotHoldsRepository;
  payments: CheckoutPayments;
  logger: Logger;
  messages: VendorBookingMessages;
  unpaidHolds: UnpaidHoldLimits;
}) {
  const { repository, holds, payments, logger, messages } = deps;

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
  async function markPaid(id: string, tx: Transaction): Promise<VendorBookingRow | undefined> {
    const seen = await repository.findById(id, tx);
    if (!seen || seen.paymentStatus === "paid" || seen.paymentStatus === "refunded") return undefined;
    if (seen.tourDateId) await repository.lockTourDate(seen.tourDateId, tx);
    const previous = await repository.lock(id, tx);
    if (!previous || previous.paymentStatus === "paid" || previous.paymentStatus === "refunded") return undefined;
    // An administrator cancelled it: its slot may be someone else's now. The money goes back
    // (refundCancelled) instead of reviving the booking beyond the slots offered.
    if (previous.paymentStatus === "cancelled") return undefined;
    const booking = await repository.update(id, { paymentStatus: "paid", cancelledAt: null }, tx);
    if ((RELEASED_STATUSES as readonly string[]).includes(previous.paymentStatus) && booking.tourDateId) {
      const { overCapacity } = await holds.retakeSlot(booking.tourDateId, booking.spotType, tx);
      logger.warn(
        { bookingId: booking.id, previousStatus: previous.paymentStatus, overCapacity },
        overCapacity
          ? "late payment of a released vendor booking: honoured beyond the slots offered"
          : "late payment of a released vendor booking: honoured, slot taken again",
      );
    }
    const tourDate = booking.tourDateId ? await repository.findTourDate(booking.tourDateId, tx) : undefined;
    if (!tourDate) return booking;
    await messages.queue(tx, [confirmationMessage(booking, tourDate)]);
    await messages.queueToAdmins(tx, adminNotice(booking, tourDate));
    return booking;
  }

  /**
   * A payment that arrived for a booking an administrator had cancelled: refunded in full (one
   * refund per booking, whenever asked) and recorded, the booking staying unbooked
   * (docs/decisions/036-refunds-that-finish.md).
   */
  async function refundCancelled(booking: VendorBookingRow): Promise<void> {
    if (!booking.paymentIntentId) return;
    logger.warn({ bookingId: booking.id }, "payment arrived for a cancelled vendor booking: refunding it");
    const { id: refundId } = await payments.createRefund({
      paymentIntentId: booking.paymentIntentId,
      idempotencyScope: `vendor-booking-refund-${booking.id}`,
    });
    await repository.transaction(async (tx) => {
      const locked = await repository.lock(booking.id, tx);
      if (locked?.paymentStatus === "cancelled")
        await repository.update(booking.id, { paymentStatus: "refunded", refundId }, tx);
    });
  }

  return {
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
        const counts = await holds.lockAndCountUnpaid(tx, { clientAddress, email: data.vendorEmail }, holdsSince());
        const found = await repository.lockTourDate(data.tourDateId, tx);
        if (!found) throw HttpError.notFound("Tour date not found");
        if (found.isPast) throw HttpError.badRequest(PAST_TOUR_DATE_MESSAGE);
        assertWithinUnpaidHolds(counts, deps.unpaidHolds);
        const held = await holds.insertHoldingSlot(
          { ...data, id, amount: fromCents(priceCents), paymentStatus: "pending", clientAddress },
          tx,
        );
        if (!held) throw HttpError.conflict(VENDOR_SLOT_SOLD_OUT_MESSAGE);
        return found;
      });

      const intent = await createIntentOrRollBack(
        payments,
        {
          amountCents: priceCents,
          metadata: { [VENDOR_BOOKING_METADATA_KEY]: id, tourDateId: data.tourDateId, spotType: data.spotType },
          idempotencyScope: `vendor-booking-${id}`,
          description: `${spot.label}: ${tourDate.artistName}`,
          receiptEmail: data.vendorEmail,
        },
        {
          undo: () => holds.deleteUnpaid(id),
          logger,
          context: { bookingId: id },
          failure: "could not remove a booking without payment",
        },
      );
      await repository.attachPaymentIntent(id, intent.id);
      return { clientSecret: intent.clientSecret };
    },

    /** Believes the browser only after Stripe confirms the payment; repeating it is harmless. */
    async complete({ paymentIntentId, vendorBookingData }: CompleteInput): Promise<VendorBookingRow> {
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
      if (paid) {
        messages.deliverSoon();
        return paid;
      }
      const current = (await repository.findById(booking.id)) ?? booking;
      if (current.paymentStatus === "cancelled") {
        await refundCancelled(current);
        throw HttpError.conflict(CANCELLED_MESSAGE);
      }
      if (current.paymentStatus === "refunded") throw HttpError.conflict(REFUNDED_MESSAGE);
      return current;
    },

    /**
     * Webhook (payment_intent.succeeded / payment_failed), inside the event's transaction. A
     * declined card changes nothing: the PaymentIntent goes back to waiting for a payment method,
     * so the vendor may try another card on it, and the booking keeps its slot until its hold
     * runs out, as a ticket hold does.
     */
    async settleFromWebhook(
      tx: Transaction,
      intent: PaymentIntent,
      outcome: "paid" | "failed",
    ): Promise<(() => void) | void> {
      if (outcome === "failed") return;
      const booking = await repository.findByPaymentIntent(intent.id, tx);
      if (!booking || intent.metadata[VENDOR_BOOKING_METADATA_KEY] !== booking.id) {
        logger.warn({ paymentIntentId: intent.id }, "webhook: no vendor booking for this payment intent");
        return;
      }
      const problem = paymentProblem(intent, toCents(booking.amount));
      if (problem) {
        logger.error({ paymentIntentId: intent.id, problem }, "webhook: payment does not pay for the vendor booking");
        return;
      }
      if (await markPaid(booking.id, tx)) return;
      const current = await repository.findById(booking.id, tx);
      if (current?.paymentStatus !== "cancelled") return;
      // Stripe is called after the event's transaction commits, never inside it.
      return () =>
        void refundCancelled(current).catch((err: unknown) =>
          logger.error({ err, bookingId: current.id }, "could not refund a payment for a cancelled vendor booking"),
        );
    },

    /**
     * The scheduled checkout-holds-release job: pending bookings older than the hold become
     * expired and give their slots back.
     */
    async releaseExpiredHolds(now = Date.now()): Promise<number> {
      let total = 0;
      for (;;) {
        const released = await holds.releaseExpiredHolds(holdsSince(now), EXPIRED_PER_STATEMENT);
        total += released;
        if (released < EXPIRED_PER_STATEMENT) break;
      }
      if (total > 0) logger.info({ released: total }, "expired vendor booking holds released");
      return total;
    },
  };
}

export type VendorBookingPaymentsService = ReturnType<typeof createVendorBookingPaymentsService>;
