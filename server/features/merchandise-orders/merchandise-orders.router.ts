import { merchandiseOrdersContract, ONE_ITEM_CHECKOUT_RETIRED } from "@shared/merchandise-orders";
import { contractRouter, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import type { MerchandiseOrdersService } from "./merchandise-orders.service";
import type { RouteSets } from "../../lib/route-sets";
import type { RequestHandler } from "express";
import { merchandiseOrderPageContract, merchandiseOrderPageApi } from "@shared/merchandise-order-page";
import { markPageNotFound } from "../../lib/page-status";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const merchandiseOrdersRouteSets: RouteSets = {};

/**
 * Merchandise order completion (public, docs/product.md "Merchandise shop"); the list is for
 * administrators. Stripe's webhook reaches the service through the payments feature.
 */
export function createMerchandiseOrdersRouter({ list, payments }: MerchandiseOrdersService) {
  return contractRouter(merchandiseOrdersContract, {
    // Retired: it charged price × quantity with no address, shipping or tax. Every page sells
    // through the cart; an old page or script learns where to go.
    createPaymentIntent: async () => {
      throw HttpError.gone(ONE_ITEM_CHECKOUT_RETIRED);
    },
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
