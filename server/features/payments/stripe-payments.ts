import { PAYMENT_UNAVAILABLE_MESSAGE } from "@shared/constants";
import { isStripeError, isStripeNotFound, retrieveChargeFee, type StripeClient } from "../../integrations/stripe";
import { idempotencyKey, PAYMENT_CURRENCY, type CheckoutPayments } from "../../lib/checkout-payments";
import { createConcurrencyLimit } from "../../lib/concurrency-limit";
import { HttpError } from "../../lib/http-error";

/** The metadata key a refund carries naming what it refunds (its idempotency scope). */
export const REFUND_SCOPE_METADATA_KEY = "refundFor";

/** A refund that failed or was canceled gave nothing back: it does not count as made. */
const refundStands = (status: string | null) => status !== "failed" && status !== "canceled";

/** Answered (503) when this instance already has as many Stripe calls in flight as allowed. */
export const PAYMENT_PROVIDER_BUSY_MESSAGE = "The payment service is busy right now. Please try again in a moment.";

/**
 * The checkouts' Stripe calls. Every one passes through one per-instance limit on calls in
 * flight, so a slow Stripe cannot pile up sockets and requests without bound; over the limit
 * the caller gets a quick 503. Without Stripe configured every call answers 503.
 */
export function createCheckoutPayments(
  stripe: StripeClient | null,
  maxConcurrentCalls: number,
  /** Counts a Stripe call that failed (the caller answers 502, or 404 for an unknown payment). */
  onFailure: (kind: string) => void = () => {},
): CheckoutPayments {
  if (!stripe) {
    const unavailable = (): never => {
      throw HttpError.unavailable(PAYMENT_UNAVAILABLE_MESSAGE);
    };
    return {
      available: false,
      assertAvailable: unavailable,
      createPaymentIntent: async () => unavailable(),
      retrievePaymentIntent: async () => unavailable(),
      createRefund: async () => unavailable(),
      cancelPaymentIntent: async () => unavailable(),
      chargeFee: async () => unavailable(),
    };
  }
  const providerError = (error: unknown): never => {
    if (isStripeError(error) && !isStripeNotFound(error)) onFailure("provider_error");
    return failedCall(error);
  };
  const calls = createConcurrencyLimit(maxConcurrentCalls, () => HttpError.unavailable(PAYMENT_PROVIDER_BUSY_MESSAGE));
  return {
    available: true,
    assertAvailable: () => undefined,
    createPaymentIntent: (input) =>
      calls.run(async () => {
        const params = {
          amount: input.amountCents,
          currency: PAYMENT_CURRENCY,
          metadata: input.metadata,
          description: input.description,
          receipt_email: input.receiptEmail,
          automatic_payment_methods: { enabled: true },
        };
        const intent = await stripe.paymentIntents
          .create(params, { idempotencyKey: idempotencyKey(input.idempotencyScope, params) })
          .catch(providerError);
        if (!intent.client_secret) throw new HttpError(502, "The payment provider did not return a client secret");
        return { id: intent.id, clientSecret: intent.client_secret };
      }),
    retrievePaymentIntent: (id) => calls.run(() => stripe.paymentIntents.retrieve(id).catch(providerError)),
    createRefund: ({ paymentIntentId, idempotencyScope, amountCents }) =>
      calls.run(async () => {
        // Stripe forgets an idempotency key after 24 hours: a refund retried later (a job's next
        // run, an admin's second click the next day) would be a second refund. The payment's own
        // refunds are read first, and one already made for this scope is the answer
        // (docs/decisions/036-refunds-that-finish.md).
        const made = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }).catch(providerError);
        const previous = made.data.find(
          (refund) => refund.metadata?.[REFUND_SCOPE_METADATA_KEY] === idempotencyScope && refundStands(refund.status),
        );
        if (previous) return { id: previous.id };
        const params = {
          payment_intent: paymentIntentId,
          amount: amountCents,
          metadata: { [REFUND_SCOPE_METADATA_KEY]: idempotencyScope },
        };
        const refund = await stripe.refunds
          .create(params, { idempotencyKey: idempotencyKey(idempotencyScope, params) })
          .catch(providerError);
        return { id: refund.id };
      }),
    cancelPaymentIntent: (id) =>
      calls.run(async () => {
        try {
          return await stripe.paymentIntents.cancel(id);
        } catch (error) {
          // Paid (or canceled) meanwhile: Stripe says so with this code; its state decides what follows.
          if (isStripeError(error) && error.code === "payment_intent_unexpected_state") {
            return stripe.paymentIntents.retrieve(id).catch(providerError);
          }
          return providerError(error);
        }
      }),
    chargeFee: (id) => calls.run(() => retrieveChargeFee(stripe, id).catch(providerError)),
  };
}

function failedCall(error: unknown): never {
  if (isStripeNotFound(error)) throw HttpError.notFound("Payment not found");
  if (isStripeError(error)) {
    throw new HttpError(502, "The payment provider could not process the request. Please try again.");
  }
  throw error;
}
