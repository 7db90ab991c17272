import type { PaymentIntent } from "../integrations/stripe";
import { HttpError } from "./http-error";

/**
 * The payment rules every paid checkout shares (vendor slots, merchandise): every amount is in
 * USD cents computed by the server, every PaymentIntent names the record it pays for in its
 * metadata, and completion is believed only after Stripe itself says so
 * (docs/decisions/006-payment-settlement.md).
 */

export const PAYMENT_CURRENCY = "usd";

/** Stripe refuses card charges below $0.50 (USD). */
export const MINIMUM_CHARGE_CENTS = 50;

export interface CreateIntentInput {
  amountCents: number;
  metadata: Record<string, string>;
  idempotencyKey: string;
  description: string;
  /** Stripe's own receipt goes here; an invoice's client may have no address. */
  receiptEmail?: string;
}

/**
 * The Stripe calls a checkout makes, as the payments feature hands them out (through
 * features/index.ts). No caller may hold a database connection (or an open transaction) while
 * one of these calls is waiting on Stripe.
 */
export interface CheckoutPayments {
  /** False while payments are not configured: every call below then answers 503. */
  readonly available: boolean;
  /** Answers 503 with the fallback text when payments are not configured; call it before writing anything. */
  assertAvailable(): void;
  createPaymentIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /** A full refund of the intent's charge; the key makes repeated asks one refund. */
  createRefund(input: { paymentIntentId: string; idempotencyKey: string }): Promise<{ id: string }>;
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
