import express from "express";
import {
  completeMerchandiseOrderSchema,
  merchandiseCheckoutSchema,
  type ListedMerchandiseOrder,
  type MerchandiseCheckoutResponse,
  type MerchandiseOrderReceipt,
} from "@shared/merchandise-orders";
import { requireAdmin } from "../../auth/guards";
import { clientAddress } from "../../lib/rate-limit";
import { validate } from "../../lib/validate";
import type { MerchandiseOrdersService } from "./merchandise-orders.service";
import type { RouteSets } from "../../lib/route-sets";

const START = "/merchandise-orders/payment-intent";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const merchandiseOrdersRouteSets: RouteSets = { purchases: [START] };

/**
 * Merchandise checkout (public, docs/product.md "Merchandise shop"); the list is for
 * administrators. Stripe's webhook reaches the service through the payments feature.
 */
export function createMerchandiseOrdersRouter(merchandiseOrders: MerchandiseOrdersService) {
  const router = express.Router({ caseSensitive: true });

  router.post(START, validate({ body: merchandiseCheckoutSchema }), async (req, res) => {
    res
      .status(201)
      .json(
        (await merchandiseOrders.startCheckout(req.body, clientAddress(req))) satisfies MerchandiseCheckoutResponse,
      );
  });

  // Anyone holding a payment id may call the completion, so it answers with a receipt, not
  // the buyer's contact details.
  router.post("/merchandise-orders/complete", validate({ body: completeMerchandiseOrderSchema }), async (req, res) => {
    const { id, itemName, quantity, totalAmount, paymentStatus } = await merchandiseOrders.complete(req.body);
    res.json({ id, itemName, quantity, totalAmount, paymentStatus } satisfies MerchandiseOrderReceipt);
  });

  router.get("/merchandise-orders", requireAdmin, async (_req, res) => {
    res.json((await merchandiseOrders.list()) satisfies ListedMerchandiseOrder[]);
  });

  return router;
}
