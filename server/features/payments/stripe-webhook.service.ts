import type { PaymentIntent, StripeEvent } from "../../integrations/stripe";
import type { Transaction } from "./executor";
import type { MerchandiseOrdersService } from "./merchandise-orders.service";
import { MERCHANDISE_ORDER_METADATA_KEY } from "./merchandise-orders.service";
import type { StripeEventsRepository } from "./stripe-events.repository";
import type { VendorBookingsService } from "./vendor-bookings.service";
import { VENDOR_BOOKING_METADATA_KEY } from "./vendor-bookings.service";

type Handler = (event: StripeEvent, tx: Transaction) => Promise<void>;

/**
 * One handler per event type (ARCHITECTURE.md "Payments"): Stripe's word that a payment
 * succeeded or failed settles the booking or order even if the buyer closed the browser.
 */
export function createStripeWebhookService(deps: {
  events: StripeEventsRepository;
  vendorBookings: VendorBookingsService;
  merchandiseOrders: MerchandiseOrdersService;
  /** After an event's transaction committed (the e-mails it queued can go out). */
  afterCommit: () => void;
}) {
  function settle(outcome: "paid" | "failed"): Handler {
    return async (event, tx) => {
      const intent = event.data.object as PaymentIntent;
      // The metadata says which checkout made the intent; anything else on the account is ignored.
      if (intent.metadata?.[VENDOR_BOOKING_METADATA_KEY]) await deps.vendorBookings.settleFromWebhook(tx, intent, outcome);
      else if (intent.metadata?.[MERCHANDISE_ORDER_METADATA_KEY]) await deps.merchandiseOrders.settleFromWebhook(tx, intent, outcome);
    };
  }

  const handlers: Partial<Record<string, Handler>> = {
    "payment_intent.succeeded": settle("paid"),
    "payment_intent.payment_failed": settle("failed"),
  };

  return {
    /** Each event id is handled once: recorded in the same transaction as its effect. */
    async handle(event: StripeEvent): Promise<void> {
      const handler = handlers[event.type];
      if (!handler) return;
      await deps.events.transaction(async (tx) => {
        if (!(await deps.events.record(event.id, event.type, tx))) return;
        await handler(event, tx);
      });
      deps.afterCommit();
    },
  };
}
