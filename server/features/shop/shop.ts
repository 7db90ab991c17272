import type { RequestHandler, Router } from "express";
import type { FileRoute } from "@shared/api-route";
import type { Contract } from "@shared/contract";
import { merchandiseContract, merchandiseVariantsContract } from "@shared/merchandise";
import { merchandiseCheckoutContract } from "@shared/merchandise-checkout";
import { merchandiseFulfilmentContract } from "@shared/merchandise-fulfilment";
import { merchandiseOrderFiles } from "@shared/merchandise-fulfilment.api";
import { merchandiseOrderPageContract } from "@shared/merchandise-order-page";
import { merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseStockFiles } from "@shared/merchandise-variants.api";
import { MERCH_PAGE_ROUTE, ORDER_PAGE_ROUTE } from "@shared/routes";
import { shippingContract } from "@shared/shipping";
import type { AppContext } from "../../context";
import type { Transaction } from "../../db/database";
import type { DocumentRenderer } from "../../documents/document-renderer";
import type { Charge, PaymentIntent } from "../../integrations/stripe";
import type { CartDownloads } from "../../lib/cart-downloads";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import { createKeyedQueue } from "../../lib/keyed-queue";
import type { ReadCaches } from "../../lib/read-caches";
import { pageRoute } from "../../lib/route-case";
import type { RouteSets } from "../../lib/route-sets";
import { signedTokens } from "../../lib/signed-token";
import { createMerchandiseRouter, merchandisePage, merchandiseRouteSets } from "./catalogue/merchandise.router";
import { checkoutRouteSets, createCheckoutRouter } from "./checkout/checkout.router";
import { releaseExpiredOrderHolds, settleOrderFromWebhook, unpaidChargeRefunded } from "./checkout/order-payments";
import { MERCHANDISE_ORDER_METADATA_KEY } from "./checkout/order-settlement";
import { PLACEMENTS_IN_FLIGHT_PER_VARIANT } from "./checkout/place-order";
import { createMerchandiseFulfilmentRouter, merchandiseFulfilmentRouteSets } from "./fulfilment/fulfilment.router";
import { paidChargeRefunded } from "./fulfilment/refunds";
import {
  checkOrderPage,
  createMerchandiseOrderPageRouter,
  createMerchandiseOrdersRouter,
  merchandiseOrderPageRouteSets,
} from "./orders/orders.router";
import { createShippingRouter } from "./shipping/shipping.router";
import type { ShopDeps, ShopMessages } from "./shop-deps";

/** The shop's routes app.ts treats specially (lib/route-sets.ts). */
export const SHOP_ROUTE_SETS: readonly RouteSets[] = [
  merchandiseRouteSets,
  merchandiseOrderPageRouteSets,
  checkoutRouteSets,
  merchandiseFulfilmentRouteSets,
];

/** The contracts of the shop's routes, for the OpenAPI document and server/contract.test.ts. */
export const SHOP_CONTRACTS: readonly Contract[] = [
  merchandiseContract,
  merchandiseVariantsContract,
  merchandiseOrdersContract,
  merchandiseCheckoutContract,
  merchandiseOrderPageContract,
  shippingContract,
  merchandiseFulfilmentContract,
];

/** The shop's routes that answer files (the packing list and slips, the stock sign-up's page). */
export const SHOP_FILES: readonly FileRoute[] = [
  ...Object.values(merchandiseOrderFiles),
  ...Object.values(merchandiseStockFiles),
];

/** What the shop is handed by features/index.ts: other features' services, built once per app. */
export interface ShopFeatureDependencies {
  payments: CheckoutPayments;
  messages: ShopMessages;
  readCaches: ReadCaches;
  documents: DocumentRenderer;
  downloads: CartDownloads;
}

/**
 * The shop (catalogue, checkout, orders, fulfilment, shipping) as features/index.ts wires it:
 * its routers, its pages, the holds job's step and its webhook handlers. Every service and
 * repository is a plain function taking the ShopDeps built here (docs/decisions/044-the-shop-as-one-room.md).
 */
export function createShopFeature(ctx: AppContext, deps: ShopFeatureDependencies) {
  const { config, db, pool, logger, secrets } = ctx;
  const secret = config.sessionSecret ?? secrets.sessionSecret;
  const shop: ShopDeps = {
    db,
    pool,
    logger,
    payments: deps.payments,
    messages: deps.messages,
    appUrl: config.appUrl,
    unpaidHolds: config.unpaidHolds,
    orderTokens: signedTokens(secret, "merchandise-order"),
    placementTurns: createKeyedQueue(PLACEMENTS_IN_FLIGHT_PER_VARIANT),
    downloads: deps.downloads,
  };
  const signUps = {
    db,
    messages: deps.messages,
    tokens: signedTokens(secret, "stock-request"),
    appUrl: config.appUrl,
    perHour: config.stockRequestsPerHour,
  };
  // In this order under /api: the checkout's POST /api/merchandise-orders/quote before the
  // orders' own routes, and the fulfilment's files before its /:id routes.
  const apiRouters: Router[] = [
    createCheckoutRouter(shop),
    createMerchandiseOrdersRouter(shop),
    createShippingRouter(db),
    createMerchandiseOrderPageRouter(shop),
    createMerchandiseFulfilmentRouter({ ...shop, documents: deps.documents }),
    createMerchandiseRouter({ ...shop, signUps }, deps.readCaches),
  ];
  const pages: RequestHandler[] = [
    pageRoute(ORDER_PAGE_ROUTE, checkOrderPage(shop)),
    pageRoute(MERCH_PAGE_ROUTE, merchandisePage(db)),
  ];
  return {
    routeSets: SHOP_ROUTE_SETS,
    contracts: SHOP_CONTRACTS,
    files: SHOP_FILES,
    apiRouters,
    pages,
    /** The holds job's step: abandoned checkouts give their stock back, owed late refunds are asked for. */
    releaseExpiredHolds: () => releaseExpiredOrderHolds(shop),
    /** PaymentIntents and charges carrying this metadata key are the shop's. */
    metadataKey: MERCHANDISE_ORDER_METADATA_KEY,
    onPaymentIntent: (tx: Transaction, intent: PaymentIntent, outcome: "paid" | "failed") =>
      settleOrderFromWebhook(shop, tx, intent, outcome),
    // A paid order's refund is the fulfilment's to record (a return, a cancellation, one made in
    // Stripe's dashboard); one still unpaid is the checkout's.
    onChargeRefunded: async (tx: Transaction, charge: Charge) => {
      if (!(await paidChargeRefunded(shop, tx, charge))) await unpaidChargeRefunded(shop, tx, charge);
    },
  };
}

export type ShopFeature = ReturnType<typeof createShopFeature>;
