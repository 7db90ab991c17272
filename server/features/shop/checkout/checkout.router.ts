import { merchandiseCheckoutContract } from "@shared/merchandise-checkout";
import { merchandiseCheckoutApi } from "@shared/merchandise-checkout.api";
import { contractRouter, underApi } from "../../../lib/contract-router";
import { clientAddress } from "../../../lib/rate-limit";
import type { RouteSets } from "../../../lib/route-sets";
import { readCart, saveCart } from "./checkout.repository";
import { placeOrder, type CheckoutDeps } from "./place-order";
import { quoteCart } from "./pricing";

/** The routes app.ts treats specially (lib/route-sets.ts): placing an order is a purchase. */
export const checkoutRouteSets: RouteSets = {
  purchases: [underApi(merchandiseCheckoutApi.place.path)],
};

/** The cart's checkout (public) and a member's saved cart. */
export function createCheckoutRouter(deps: CheckoutDeps) {
  return contractRouter(merchandiseCheckoutContract, {
    quote: async ({ body }) => ({ status: 200, body: await quoteCart(deps, body) }),
    place: async ({ body, req, user }) => ({
      status: 201,
      body: await placeOrder(deps, body, clientAddress(req), user?.id),
    }),
    getCart: async ({ user }) => ({ status: 200, body: await readCart(deps.db, user.id) }),
    putCart: async ({ body, user }) => ({ status: 200, body: await saveCart(deps.db, user.id, body) }),
  });
}
