import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import type { UnpaidHoldLimits } from "../../lib/unpaid-holds";
import {
  createMerchandiseOrderPaymentsService,
  type MerchandiseOrderMessages,
} from "./merchandise-order-payments.service";
import type { StockAlerts } from "../../lib/variant-stock";
import type { MerchandiseOrdersRepository } from "./merchandise-orders.repository";

export { MERCHANDISE_ORDER_METADATA_KEY } from "./merchandise-order-payments.service";

/**
 * The merchandise orders feature, wired by features/index.ts: the administrators' list, and the
 * checkout (`payments`), whose webhook handlers and expired-holds release are registered there.
 */
export function createMerchandiseOrdersService(deps: {
  repository: MerchandiseOrdersRepository;
  payments: CheckoutPayments;
  logger: Logger;
  messages: MerchandiseOrderMessages;
  unpaidHolds: UnpaidHoldLimits;
  stockAlerts: StockAlerts;
}) {
  return {
    /** Every order, newest first, without the address it was started from. */
    list: () => deps.repository.list(),
    payments: createMerchandiseOrderPaymentsService(deps),
  };
}

export type MerchandiseOrdersService = ReturnType<typeof createMerchandiseOrdersService>;
