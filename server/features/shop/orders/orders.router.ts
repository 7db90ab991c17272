import type { RequestHandler } from "express";
import { merchandiseOrdersContract, ONE_ITEM_CHECKOUT_RETIRED } from "@shared/merchandise-orders";
import { merchandiseOrderPageApi, merchandiseOrderPageContract } from "@shared/merchandise-order-page";
import { contractRouter, underApi } from "../../../lib/contract-router";
import { HttpError } from "../../../lib/http-error";
import { markPageNotFound } from "../../../lib/page-status";
import type { RouteSets } from "../../../lib/route-sets";
import { completeOrderPayment, type OrderPaymentDeps } from "../checkout/order-payments";
import type { ShopDeps } from "../shop-deps";
import { orderPageByToken, orderPageOpens } from "./order-page";
import { listOrders } from "./orders.repository";

/**
 * Merchandise order completion (public, docs/product.md "Merchandise shop"); the list is for
 * administrators. Stripe's webhook reaches the settlement through the payments feature.
 */
export function createMerchandiseOrdersRouter(deps: OrderPaymentDeps) {
  return contractRouter(merchandiseOrdersContract, {
    // Retired: it charged price × quantity with no address, shipping or tax. Every page sells
    // through the cart; an old page or script learns where to go.
    paymentIntent: async () => {
      throw HttpError.gone(ONE_ITEM_CHECKOUT_RETIRED);
    },
    // Anyone holding a payment id may call the completion, so it answers with a receipt, not
    // the buyer's contact details.
    complete: async ({ body }) => {
      const { id, itemName, quantity, totalAmount, paymentStatus } = await completeOrderPayment(deps, body);
      return { status: 200, body: { id, itemName, quantity, totalAmount, paymentStatus } };
    },
    list: async ({ query }) => ({ status: 200, body: await listOrders(deps.db, query) }),
  });
}

/** The routes app.ts treats specially: the order page's read is opened through a public link. */
export const merchandiseOrderPageRouteSets: RouteSets = {
  publicLinks: [underApi(merchandiseOrderPageApi.orderPage.path)],
};

/** The buyer's order page by its signed link (no account needed). */
export function createMerchandiseOrderPageRouter(deps: Pick<ShopDeps, "db" | "orderTokens" | "downloads">) {
  return contractRouter(merchandiseOrderPageContract, {
    orderPage: async ({ params }) => ({ status: 200, body: await orderPageByToken(deps, params.token) }),
  });
}

/** `/orders/{token}` is a page for a genuine link, and the 404 page (status 404) for any other. */
export function checkOrderPage(deps: Pick<ShopDeps, "db" | "orderTokens" | "downloads">): RequestHandler {
  return async (req, res, next) => {
    const { token } = req.params;
    if (typeof token !== "string" || !(await orderPageOpens(deps, token))) markPageNotFound(res);
    next();
  };
}
