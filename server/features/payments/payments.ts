import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { AppContext } from "../../context";
import { createStripeClient } from "../../integrations/stripe";
import { createMerchandiseOrdersRepository } from "./merchandise-orders.repository";
import { createMerchandiseOrdersService } from "./merchandise-orders.service";
import type { Transaction } from "./executor";
import { createStripeEventsRepository } from "./stripe-events.repository";
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
export function createPaymentServices({ config, db, logger }: AppContext, { messages }: { messages: PaymentMessages }) {
  const stripe = createStripeClient(config.stripe);
  const vendorBookings = createVendorBookingsService({ repository: createVendorBookingsRepository(db), stripe, logger, messages });
  const merchandiseOrders = createMerchandiseOrdersService({ repository: createMerchandiseOrdersRepository(db), stripe, logger, messages });
  const webhook = createStripeWebhookService({
    events: createStripeEventsRepository(db),
    vendorBookings,
    merchandiseOrders,
    afterCommit: messages.deliverSoon,
  });
  return { vendorBookings, merchandiseOrders, webhook };
}

export type PaymentServices = ReturnType<typeof createPaymentServices>;
