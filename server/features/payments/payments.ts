import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { AppContext } from "../../context";
import { createStripeClient } from "../../integrations/stripe";
import { createMerchandiseOrdersRepository } from "./merchandise-orders.repository";
import { createMerchandiseOrdersService } from "./merchandise-orders.service";
import type { Transaction } from "./executor";
import { createStripeEventsRepository } from "./stripe-events.repository";
import { createPaymentProvider, type PaymentProvider } from "./stripe-payments";
import { createStripeWebhookService } from "./stripe-webhook.service";
import { createVendorBookingsRepository } from "./vendor-bookings.repository";
import { createVendorBookingsService } from "./vendor-bookings.service";

/**
 * What payments need from the outbox feature, passed in by features/index.ts: queue the
 * confirmation e-mails inside the transaction that marks a payment complete, and ask for
 * delivery once it has committed.
 */
export interface PaymentMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  queueToAdmins(tx: Transaction, message: NewAdminMessage): Promise<unknown>;
  deliverSoon(): void;
}

/** The payments feature's services, wired from the app context (Stripe may be unconfigured). */
export function createPaymentServices(ctx: AppContext, { messages }: { messages: PaymentMessages }) {
  const { config, db, logger } = ctx;
  // One Stripe client per app (services are built once), so its limit on calls in flight
  // covers every payments route and the webhook.
  const client = createStripeClient(config.stripe);
  const stripe = client && createPaymentProvider(client, config.stripeMaxConcurrent);
  const unpaidHolds = config.unpaidHolds;
  const vendorBookings = createVendorBookingsService({ repository: createVendorBookingsRepository(db), stripe, logger, unpaidHolds, messages });
  const merchandiseOrders = createMerchandiseOrdersService({
    repository: createMerchandiseOrdersRepository(db),
    stripe,
    logger,
    unpaidHolds,
    messages,
  });
  const webhook = createStripeWebhookService({
    events: createStripeEventsRepository(db),
    vendorBookings,
    merchandiseOrders,
    afterCommit: messages.deliverSoon,
  });
  return { vendorBookings, merchandiseOrders, webhook };
}

export type PaymentServices = ReturnType<typeof createPaymentServices>;
