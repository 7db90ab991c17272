import type { AppContext } from "../../context";
import { createStripeClient } from "../../integrations/stripe";
import { createStripeEventsRepository } from "./stripe-events.repository";
import { createCheckoutPayments } from "./stripe-payments";
import { createStripeWebhookService } from "./stripe-webhook.service";

/**
 * The payments feature: the Stripe calls the checkouts make and the webhook that settles what
 * the browser did not. It knows no checkout: the features that sell something get `checkout`
 * (through features/index.ts) and register their webhook handlers with `onPaymentIntent` (and
 * `onChargeRefunded` when they refund).
 */
export function createPayments(
  ctx: AppContext,
  { afterCommit, onFailure }: { afterCommit: () => void; onFailure?: (kind: string) => void },
) {
  const { config, db } = ctx;
  // One Stripe client per app (services are built once), so its limit on calls in flight
  // covers every checkout and the webhook.
  const checkout = createCheckoutPayments(createStripeClient(config.stripe), config.stripeMaxConcurrent, onFailure);
  const webhook = createStripeWebhookService({
    events: createStripeEventsRepository(db),
    afterCommit,
    onFailure,
  });
  return { checkout, webhook, onPaymentIntent: webhook.onPaymentIntent, onChargeRefunded: webhook.onChargeRefunded };
}

export type Payments = ReturnType<typeof createPayments>;
