import { PAYMENT_UNAVAILABLE_MESSAGE } from "@shared/vendor-bookings";
import { isStripeError, isStripeNotFound, type PaymentIntent, type StripeClient } from "../../integrations/stripe";
import { HttpError } from "../../lib/http-error";

/**
 * The payment rules both checkouts share (vendor slots and merchandise): every amount is in
 * USD cents computed by the server, every PaymentIntent names the record it pays for in its
 * metadata, and completion is believed only after Stripe itself says so.
 */

export const PAYMENT_CURRENCY = "usd";

/** Stripe refuses card charges below $0.50 (USD). */
export const MINIMUM_CHARGE_CENTS = 50;

export function requireStripe(stripe: StripeClient | null): StripeClient {
  if (!stripe) throw HttpError.unavailable(PAYMENT_UNAVAILABLE_MESSAGE);
  return stripe;
}

function providerError(error: unknown): never {
  if (isStripeNotFound(error)) throw HttpError.notFound("Payment not found");
  if (isStripeError(error)) {
    throw new HttpError(502, "The payment provider could not process the request. Please try again.");
  }
  throw error;
}

export async function createPaymentIntent(
  stripe: StripeClient,
  input: { amountCents: number; metadata: Record<string, string>; idempotencyKey: string; description: string; receiptEmail: string },
): Promise<{ id: string; clientSecret: string }> {
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
}

export function retrievePaymentIntent(stripe: StripeClient, id: string): Promise<PaymentIntent> {
  return stripe.paymentIntents.retrieve(id).catch(providerError);
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
