import type { MerchandiseOrderRow } from "@shared/merchandise-orders";
import { ORDER_PAGE_ROUTE } from "@shared/routes";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../../db/database";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import type { SignedTokens } from "../../lib/signed-token";
import type { UnpaidHoldLimits } from "../../lib/unpaid-holds";
import type { CheckoutRepository } from "./checkout.repository";
import type { OrderPageRepository } from "./order-page.repository";
import { HttpError } from "../../lib/http-error";
import { createCheckoutService, type ShippingLookup } from "./checkout.service";
import {
  createMerchandiseOrderPaymentsService,
  type MerchandiseOrderMessages,
} from "./merchandise-order-payments.service";
import type { StockAlerts } from "../../lib/variant-stock";
import type { MerchandiseOrderListQuery, MerchandiseOrdersRepository } from "./merchandise-orders.repository";

export { MERCHANDISE_ORDER_METADATA_KEY } from "./merchandise-order-payments.service";

/**
 * The merchandise orders feature, wired by features/index.ts: the administrators' list, the
 * single-item and cart checkouts (`payments`, `checkout`), whose webhook handlers and
 * expired-holds release are registered there, and the buyer's order page by its signed link.
 */
export function createMerchandiseOrdersService(deps: {
  repository: MerchandiseOrdersRepository;
  checkoutRepository: CheckoutRepository;
  orderPages: OrderPageRepository;
  shipping: ShippingLookup;
  payments: CheckoutPayments;
  logger: Logger;
  messages: MerchandiseOrderMessages;
  unpaidHolds: UnpaidHoldLimits;
  /** Signs the order page's link (`/orders/{token}`). */
  orderTokens: SignedTokens;
  appUrl: string;
  stockAlerts: StockAlerts;
}) {
  const { checkoutRepository, orderTokens } = deps;

  /** The order page's address, which opens without an account. */
  const orderLink = (orderId: string) =>
    `${deps.appUrl}${ORDER_PAGE_ROUTE.replace(":token", encodeURIComponent(orderTokens.sign(orderId)))}`;

  /** A paid cart order's confirmation: lines with their options, amounts, address, link. */
  async function confirmation(order: MerchandiseOrderRow, tx: Transaction): Promise<NewOutboxMessage> {
    const lines = await checkoutRepository.lines(order.id, tx);
    return {
      template: "merchandise-order-placed",
      recipient: order.customerEmail,
      params: {
        orderNumber: order.orderNumber ?? 0,
        lines: lines.map((line) => ({
          itemName: line.itemName,
          options: line.options,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          shipsFrom: line.shipsFrom,
        })),
        subtotal: order.subtotal ?? order.totalAmount,
        shipping: order.shipping ?? "0.00",
        tax: order.tax ?? "0.00",
        total: order.totalAmount,
        address: {
          name: order.shipName ?? "",
          line1: order.shipLine1 ?? "",
          line2: order.shipLine2,
          city: order.shipCity ?? "",
          region: order.shipRegion,
          postalCode: order.shipPostalCode ?? "",
          country: order.shipCountry ?? "",
        },
        link: orderLink(order.id),
      },
      aboutType: "merchandise_order",
      aboutId: order.id,
    };
  }

  return {
    /** The orders, newest first (of one status, matching a search), without the address they were started from. */
    list: (query?: MerchandiseOrderListQuery) => deps.repository.list(query),
    payments: createMerchandiseOrderPaymentsService({ ...deps, confirmation, orderLink }),
    checkout: createCheckoutService({ ...deps, repository: checkoutRepository, orders: deps.repository }),
    orderLink,

    /** The order a genuine link names, as its buyer sees it; 404 for anything else. */
    async orderPage(token: string) {
      const orderId = orderTokens.verify(token);
      const order = orderId ? await deps.orderPages.find(orderId) : undefined;
      if (!order) throw HttpError.notFound("Order not found");
      return order;
    },

    /** Whether the page's link opens an order (the server answers the page itself 404 otherwise). */
    async opens(token: string): Promise<boolean> {
      const orderId = orderTokens.verify(token);
      return orderId !== null && (await deps.orderPages.find(orderId)) !== undefined;
    },
  };
}

export type MerchandiseOrdersService = ReturnType<typeof createMerchandiseOrdersService>;
