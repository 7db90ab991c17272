import { ticketsApi } from "@shared/tickets.api";
import { ticketsContract } from "@shared/tickets";
import { contractRouter, underApi } from "../../lib/contract-router";
import type { RouteSets } from "../../lib/route-sets";
import { buyerOrder } from "./ticket-responses";
import type { TicketServices } from "./tickets";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const ticketsRouteSets: RouteSets = {
  purchases: [ticketsApi.paymentIntent.path, ...ticketsApi.paymentIntent.aliases].map(underApi),
};

/** Buying tickets (paying by card when the event is priced) and listing one's own (docs/product.md, "Tickets"). */
export function createTicketsRouter({ tickets, payments }: TicketServices, { onPurchase }: { onPurchase: () => void }) {
  return contractRouter(ticketsContract, {
    paymentIntent: async ({ user, body }) => {
      const purchase = await tickets.purchase(user.id, body);
      onPurchase(); // the events list shows the tickets left
      const clientSecret =
        purchase.status === "pending" ? await payments.createPaymentIntent(purchase, user.email) : undefined;
      return { status: 201, body: buyerOrder(purchase, clientSecret) };
    },
    complete: async ({ user, body }) => ({
      status: 200,
      body: buyerOrder(await payments.complete(user.id, body.paymentIntentId)),
    }),
    my: async ({ user }) => ({ status: 200, body: await tickets.listForUser(user.id) }),
  });
}
