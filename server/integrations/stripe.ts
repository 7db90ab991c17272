import Stripe from "stripe";
import type { AppConfig } from "../config";

export type StripeClient = Stripe;
export type PaymentIntent = Stripe.PaymentIntent;
export type StripeEvent = Stripe.Event;
export type Charge = Stripe.Charge;

/**
 * The Stripe SDK wired from configuration, or null when payments are not configured (the
 * features then answer 503 with the fallback text of docs/product.md). `apiBase` is set only by tests,
 * which point the real client at a local stand-in instead of api.stripe.com.
 */
export function createStripeClient(stripeConfig: AppConfig["stripe"]): StripeClient | null {
  if (!stripeConfig) return null;
  const { apiBase } = stripeConfig;
  return new Stripe(stripeConfig.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(apiBase ? { host: apiBase.host, port: apiBase.port, protocol: apiBase.protocol } : {}),
  });
}

/** Stripe's "no such object" answer (an unknown payment intent id). */
export function isStripeNotFound(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/**
 * The event, if the Stripe-Signature header proves Stripe sent exactly this raw body
 * (within the SDK's default five-minute tolerance); null otherwise.
 */
export function verifyWebhookEvent(rawBody: Buffer, signature: string, webhookSecret: string): StripeEvent | null {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    return null;
  }
}

/**
 * What Stripe kept of a paid intent's charge: the fee of its latest charge's balance transaction
 * (read expanded), in USD cents; null while the charge has no balance transaction yet (Stripe's
 * asynchronous capture makes it after the payment succeeded). The fee is in the account's own
 * currency: one that settles in another has it converted back at the transaction's own rate
 * (an amount in the charge's currency × rate = the settled amount), rounded to the cent.
 */
export async function retrieveChargeFee(stripe: StripeClient, paymentIntentId: string): Promise<number | null> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
    expand: ["latest_charge.balance_transaction"],
  });
  const charge = intent.latest_charge;
  if (!charge || typeof charge === "string") return null;
  const transaction = charge.balance_transaction;
  if (!transaction || typeof transaction === "string") return null;
  if (transaction.currency === "usd" || !transaction.exchange_rate) return transaction.fee;
  return Math.round(transaction.fee / transaction.exchange_rate);
}
