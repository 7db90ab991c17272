import { merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseOrdersApi } from "@shared/merchandise-orders.api";
import { contractRouter, underApi } from "../../lib/contract-router";
import { clientAddress } from "../../lib/rate-limit";
import type { MerchandiseOrdersService } from "./merchandise-orders.service";
import type { RouteSets } from "../../lib/route-sets";
import type { RequestHandler } from "express";
import { merchandiseOrderPageContract, merchandiseOrderPageApi } from "@shared/merchandise-order-page";
import { markPageNotFound } from "../../lib/page-status";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const merchandiseOrdersRouteSets: RouteSets = {
  purchases: [underApi(merchandiseOrdersApi.createPaymentIntent.path)],
};

/**
 * Merchandise checkout (public, docs/product.md "Merchandise shop"); the list is for
 * administrators. Stripe's webhook reaches the service through the payments feature.
 */
export function createMerchandiseOrdersRouter({ list, payments }: MerchandiseOrdersService) {
  return contractRouter(merchandiseOrdersContract, {
    createPaymentIntent: async ({ body, req }) => ({
      status: 201,
      body: await payments.createPaymentIntent(body, clientAddress(req)),
    }),
    // Anyone holding a payment id may call the completion, so it answers with a receipt, not
    // the buyer's contact details.
    complete: async ({ body }) => {
      const { id, itemName, quantity, totalAmount, paymentStatus } = await payments.complete(body);
      return { status: 200, body: { id, itemName, quantity, totalAmount, paymentStatus } };
    },
    list: async ({ query }) => ({ status: 200, body: await list(query) }),
  });
}

/** The routes app.ts treats specially: the order page's read is opened through a public link. */
export const merchandiseOrderPageRouteSets: RouteSets = {
  publicLinks: [underApi(merchandiseOrderPageApi.orderPage.path)],
};

/** The buyer's order page by its signed link (no account needed). */
export function createMerchandiseOrderPageRouter({ orderPage }: MerchandiseOrdersService) {
  return contractRouter(merchandiseOrderPageContract, {
    orderPage: async ({ params }) => ({ status: 200, body: await orderPage(params.token) }),
  });
}

/** `/orders/{token}` is a page for a genuine link, and the 404 page (status 404) for any other. */
export function checkOrderPage({ opens }: MerchandiseOrdersService): RequestHandler {
  return async (req, res, next) => {
    const { token } = req.params;
    if (typeof token !== "string" || !(await opens(token))) markPageNotFound(res);
    next();
  };
}
