import { merchandiseOrdersContract } from "@shared/merchandise-orders";
import { merchandiseOrdersApi } from "@shared/merchandise-orders.api";
import { contractRouter, underApi } from "../../lib/contract-router";
import { clientAddress } from "../../lib/rate-limit";
import type { MerchandiseOrdersService } from "./merchandise-orders.service";
import type { RouteSets } from "../../lib/route-sets";

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
