import express from "express";
import {
  completeTicketPaymentSchema,
  purchaseTicketsSchema,
  type MyTicketResponse,
  type TicketPurchaseResponse,
} from "@shared/tickets";
import { requireUser } from "../../auth/guards";
import type { RouteSets } from "../../lib/route-sets";
import { validate } from "../../lib/validate";
import { buyerOrder, myTicket } from "./ticket-responses";
import type { TicketServices } from "./tickets";

const PURCHASE = "/tickets";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const ticketsRouteSets: RouteSets = { purchases: [PURCHASE] };

/** Buying tickets (paying by card when the event is priced) and listing one's own (docs/product.md, "Tickets"). */
export function createTicketsRouter({ tickets, payments }: TicketServices, { onPurchase }: { onPurchase: () => void }) {
  const router = express.Router({ caseSensitive: true });

  router.post(PURCHASE, requireUser, validate({ body: purchaseTicketsSchema }), async (req, res) => {
    const purchase = await tickets.purchase(req.user!.id, req.body);
    onPurchase(); // the events list shows the tickets left
    const clientSecret =
      purchase.status === "pending" ? await payments.startPayment(purchase, req.user!.email) : undefined;
    res.status(201).json(buyerOrder(purchase, clientSecret) satisfies TicketPurchaseResponse);
  });

  router.post("/tickets/complete", requireUser, validate({ body: completeTicketPaymentSchema }), async (req, res) => {
    const order = await payments.complete(req.user!.id, req.body.paymentIntentId);
    res.json(buyerOrder(order) satisfies TicketPurchaseResponse);
  });

  router.get("/tickets/my", requireUser, async (req, res) => {
    res.json((await tickets.listForUser(req.user!.id)).map(myTicket) satisfies MyTicketResponse[]);
  });

  return router;
}
