import crypto from "node:crypto";
import type { PaymentIntent } from "../integrations/stripe";
import { HttpError } from "./http-error";
import type { Logger } from "./logger";

/**
 * The payment rules every paid checkout shares (vendor slots, merchandise): every amount is in
 * USD cents computed by the server, every PaymentIntent names the record it pays for in its
 * metadata, and completion is believed only after Stripe itself says so
 * (docs/decisions/006-payment-settlement.md).
 */

export const PAYMENT_CURRENCY = "usd";

/** Stripe refuses card charges below $0.50 (USD). */
export const MINIMUM_CHARGE_CENTS = 50;

/** Written once per key and in key order, so equal parameters always give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(",")}}`;
}

/**
 * The idempotency key of a Stripe call: what the call is for (`scope`, e.g. one order) and a
 * digest of every parameter sent. Stripe answers a key it has seen with the first answer, and
 * refuses it for 24 hours when the parameters differ: a key naming the record alone turned a
 * corrected detail (an invoice's client e-mail, read into `receipt_email`) into a refused call
 * until the next day. With the digest, a repeated request gets the same answer and a changed
 * one is a new call (docs/decisions/026-money-applied-or-returned.md).
 */
export function idempotencyKey(scope: string, params: object): string {
  const digest = crypto.createHash("sha256").update(canonicalJson(params)).digest("hex").slice(0, 32);
  return `${scope}-${digest}`;
}

export interface CreateIntentInput {
  amountCents: number;
  metadata: Record<string, string>;
  /** What the intent pays for (e.g. `ticket-purchase-<id>`); the key adds a digest of the parameters. */
  idempotencyScope: string;
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
  /**
   * A refund of the intent's charge: all of it, or `amountCents` of it (a return of some lines).
   * The scope's key makes repeated asks one refund.
   */
  createRefund(input: {
    paymentIntentId: string;
    idempotencyScope: string;
    amountCents?: number;
  }): Promise<{ id: string }>;
  /**
   * Asks Stripe to cancel an intent nobody should pay any more. Answers the intent as Stripe
   * then has it: canceled, or (when it could no longer be cancelled) succeeded or processing,
   * which the caller must settle or refund instead.
   */
  cancelPaymentIntent(id: string): Promise<PaymentIntent>;
  /**
   * What Stripe kept of a paid intent's charge: the fee of the charge's balance transaction, in
   * USD cents. Null while the charge has no balance transaction yet (Stripe may make it after the
   * payment succeeded, its asynchronous capture): ask again later.
   */
  chargeFee(paymentIntentId: string): Promise<number | null>;
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

/**
 * How a checkout undoes what it wrote before asking Stripe (a hold, a pending row) when no
 * PaymentIntent comes back, and what to log if the undoing fails too.
 */
export interface IntentRollback {
  undo(): Promise<unknown>;
  logger: Pick<Logger, "warn">;
  /** Names the record in the log line (e.g. `{ orderId }`). */
  context: Record<string, unknown>;
  /** The log line when the undo fails, e.g. "could not release a ticket hold without payment". */
  failure: string;
}

/**
 * The step every paid checkout shares: its hold has committed (no row waits on the network), then
 * Stripe is asked for the PaymentIntent. When Stripe fails, or this instance is at its limit of
 * Stripe calls, the hold is undone and the original error is answered; an undo that fails is
 * logged, never answered in its place (the holds sweep gives that stock back later). A checkout
 * that holds nothing before the call (an invoice) passes no rollback.
 */
export async function createIntentOrRollBack(
  payments: Pick<CheckoutPayments, "createPaymentIntent">,
  input: CreateIntentInput,
  rollback: IntentRollback | null,
): Promise<{ id: string; clientSecret: string }> {
  try {
    return await payments.createPaymentIntent(input);
  } catch (error) {
    if (rollback) {
      await rollback
        .undo()
        .catch((cleanup: unknown) => rollback.logger.warn({ err: cleanup, ...rollback.context }, rollback.failure));
    }
    throw error;
  }
}
