import { PAYMENT_UNAVAILABLE_MESSAGE } from "@shared/vendor-bookings";
import { isStripeError, isStripeNotFound, type PaymentIntent, type StripeClient } from "../../integrations/stripe";
import { createConcurrencyLimit } from "../../lib/concurrency-limit";
import { HttpError } from "../../lib/http-error";

/**
 * The payment rules both checkouts share (vendor slots and merchandise): every amount is in
 * USD cents computed by the server, every PaymentIntent names the record it pays for in its
 * metadata, and completion is believed only after Stripe itself says so.
 */

export const PAYMENT_CURRENCY = "usd";

/** Stripe refuses card charges below $0.50 (USD). */
export const MINIMUM_CHARGE_CENTS = 50;

/** Answered (503) when this instance already has as many Stripe calls in flight as allowed. */
export const PAYMENT_PROVIDER_BUSY_MESSAGE = "The payment service is busy right now. Please try again in a moment.";

export interface CreateIntentInput {
  amountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
  description: string;
  receiptEmail: string;
}

/**
 * The Stripe calls the checkouts make. Every one passes through one per-instance limit on
 * calls in flight, so a slow Stripe cannot pile up sockets and requests without bound; over
 * the limit the caller gets a quick 503. No caller may hold a database connection (or an open
 * transaction) while one of these calls is waiting on Stripe.
 */
export interface PaymentProvider {
  createPaymentIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
}

export function createPaymentProvider(stripe: StripeClient, maxConcurrentCalls: number): PaymentProvider {
  const calls = createConcurrencyLimit(maxConcurrentCalls, () => HttpError.unavailable(PAYMENT_PROVIDER_BUSY_MESSAGE));
  return {
    createPaymentIntent: (input) =>
      calls.run(async () => {
        const intent = await stripe.paymentIntents
          .create(
            {
              amount: input.amountCents,
              currency: PAYMENT_CURRENCY,
              metadata: input.metadata,
              description: input.description,
              receipt_email: input.receiptEmail,
              automatic_payment_methods: { enabled: true },
            },
            { idempotencyKey: input.idempotencyKey },
          )
          .catch(providerError);
        if (!intent.client_secret) throw new HttpError(502, "The payment provider did not return a client secret");
        return { id: intent.id, clientSecret: intent.client_secret };
      }),
    retrievePaymentIntent: (id) => calls.run(() => stripe.paymentIntents.retrieve(id).catch(providerError)),
  };
}

export function requireStripe(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw HttpError.unavailable(PAYMENT_UNAVAILABLE_MESSAGE);
  return provider;
}

function providerError(error: unknown): never {
  if (isStripeNotFound(error)) throw HttpError.notFound("Payment not found");
  if (isStripeError(error)) {
    throw new HttpError(502, "The payment provider could not process the request. Please try again.");
  }
  throw error;
}

/**
 * Why a PaymentIntent cannot pay for a record: wrong amount or currency (a tampered or
 * mismatched payment) or not succeeded yet. Null when it pays in full.
 */
export function paymentProblem(
  intent: Pick<PaymentIntent, "amount" | "currency" | "status">,
  expectedCents: number,
): "mismatch" | "unpaid" | null {
  if (intent.amount !== expectedCents || intent.currency !== PAYMENT_CURRENCY) return "mismatch";
  if (intent.status !== "succeeded") return "unpaid";
  return null;
}

/** For the completion calls: the same rule as paymentProblem, as an HTTP answer. */
export function assertPaysInFull(intent: PaymentIntent, expectedCents: number) {
  const problem = paymentProblem(intent, expectedCents);
  if (problem === "mismatch") throw HttpError.conflict("The payment does not match this purchase");
  if (problem === "unpaid") throw HttpError.conflict("Payment has not completed");
}
