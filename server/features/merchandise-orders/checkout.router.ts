import { merchandiseCheckoutContract } from "@shared/merchandise-checkout";
import { merchandiseCheckoutApi } from "@shared/merchandise-checkout.api";
import { contractRouter, underApi } from "../../lib/contract-router";
import { clientAddress } from "../../lib/rate-limit";
import type { RouteSets } from "../../lib/route-sets";
import type { CheckoutService } from "./checkout.service";

/** The routes app.ts treats specially (lib/route-sets.ts): placing an order is a purchase. */
export const checkoutRouteSets: RouteSets = {
  purchases: [underApi(merchandiseCheckoutApi.place.path)],
};

/** The cart's checkout (public) and a member's saved cart. */
export function createCheckoutRouter(checkout: CheckoutService) {
  return contractRouter(merchandiseCheckoutContract, {
    quote: async ({ body }) => ({ status: 200, body: await checkout.quote(body) }),
    place: async ({ body, req, user }) => ({
      status: 201,
      body: await checkout.place(body, clientAddress(req), user?.id),
    }),
    getCart: async ({ user }) => ({ status: 200, body: await checkout.cart(user.id) }),
    putCart: async ({ body, user }) => ({ status: 200, body: await checkout.saveCart(user.id, body) }),
  });
}
