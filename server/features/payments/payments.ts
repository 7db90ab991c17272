import type { AppContext } from "../../context";
import { createStripeClient } from "../../integrations/stripe";
import { createMerchandiseOrdersRepository } from "./merchandise-orders.repository";
import { createMerchandiseOrdersService } from "./merchandise-orders.service";
import { createStripeEventsRepository } from "./stripe-events.repository";
import { createStripeWebhookService } from "./stripe-webhook.service";
import { createVendorBookingsRepository } from "./vendor-bookings.repository";
import { createVendorBookingsService } from "./vendor-bookings.service";

/** The payments feature's services, wired from the app context (Stripe may be unconfigured). */
export function createPaymentServices({ config, db, logger }: AppContext) {
  const stripe = createStripeClient(config.stripe);
  const vendorBookings = createVendorBookingsService({ repository: createVendorBookingsRepository(db), stripe, logger });
  const merchandiseOrders = createMerchandiseOrdersService({ repository: createMerchandiseOrdersRepository(db), stripe, logger });
  const webhook = createStripeWebhookService({ events: createStripeEventsRepository(db), vendorBookings, merchandiseOrders });
  return { vendorBookings, merchandiseOrders, webhook };
}

export type PaymentServices = ReturnType<typeof createPaymentServices>;
