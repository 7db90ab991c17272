import type { AppContext } from "../../context";
import { createStripeClient } from "../../integrations/stripe";
import { createMerchandiseOrdersRepository } from "./merchandise-orders.repository";
import { createMerchandiseOrdersService } from "./merchandise-orders.service";
import { createStripeEventsRepository } from "./stripe-events.repository";
import { createPaymentProvider, type PaymentProvider } from "./stripe-payments";
import { createStripeWebhookService } from "./stripe-webhook.service";
import { createVendorBookingsRepository } from "./vendor-bookings.repository";
import { createVendorBookingsService } from "./vendor-bookings.service";

const providers = new WeakMap<AppContext, PaymentProvider | null>();

/** One Stripe client per app, so its limit on calls in flight covers every payments route. */
function getPaymentProvider(ctx: AppContext): PaymentProvider | null {
  if (!providers.has(ctx)) {
    const client = createStripeClient(ctx.config.stripe);
    providers.set(ctx, client && createPaymentProvider(client, ctx.config.stripeMaxConcurrent));
  }
  return providers.get(ctx)!;
}

/** The payments feature's services, wired from the app context (Stripe may be unconfigured). */
export function createPaymentServices(ctx: AppContext) {
  const { config, db, logger } = ctx;
  const stripe = getPaymentProvider(ctx);
  const unpaidHolds = config.unpaidHolds;
  const vendorBookings = createVendorBookingsService({ repository: createVendorBookingsRepository(db), stripe, logger, unpaidHolds });
  const merchandiseOrders = createMerchandiseOrdersService({ repository: createMerchandiseOrdersRepository(db), stripe, logger, unpaidHolds });
  const webhook = createStripeWebhookService({ events: createStripeEventsRepository(db), vendorBookings, merchandiseOrders });
  return { vendorBookings, merchandiseOrders, webhook };
}

export type PaymentServices = ReturnType<typeof createPaymentServices>;
