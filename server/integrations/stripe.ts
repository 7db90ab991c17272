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
