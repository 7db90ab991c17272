import type { AppContext } from "../../context";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import { createVendorBookingCancellationsService } from "./vendor-booking-cancellations.service";
import type { VendorBookingMessages } from "./vendor-booking-messages";
import { createVendorBookingPaymentsService } from "./vendor-booking-payments.service";
import { createVendorBookingsRepository } from "./vendor-bookings.repository";
import { createVendorBookingsService } from "./vendor-bookings.service";
import { createVendorSlotHoldsRepository } from "./vendor-slot-holds.repository";

export { VENDOR_BOOKING_METADATA_KEY } from "./vendor-booking-payments.service";

/**
 * The vendor-bookings feature's services, wired by features/index.ts with what it needs from
 * others: the outbox's `messages` and the payments feature's Stripe calls. Its webhook handlers
 * (`payments.settleFromWebhook`, `cancellations.chargeRefunded`) and its expired-holds release
 * (`payments.releaseExpiredHolds`) are registered there too.
 */
export function createVendorBookingsFeature(
  { config, db, logger }: AppContext,
  deps: { messages: VendorBookingMessages; payments: CheckoutPayments },
) {
  const repository = createVendorBookingsRepository(db, config.shows.vendorSlotsPerType, config.shows.defaultTimeZone);
  const holds = createVendorSlotHoldsRepository(db, config.shows.vendorSlotsPerType);
  const shared = { repository, holds, payments: deps.payments, logger, messages: deps.messages };
  return {
    bookings: createVendorBookingsService(repository),
    payments: createVendorBookingPaymentsService({ ...shared, unpaidHolds: config.unpaidHolds, appUrl: config.appUrl }),
    cancellations: createVendorBookingCancellationsService(shared),
  };
}

export type VendorBookingsFeature = ReturnType<typeof createVendorBookingsFeature>;
