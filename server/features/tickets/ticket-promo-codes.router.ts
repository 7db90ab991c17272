import { ticketPromoCodesContract } from "@shared/ticket-promo-codes";
import { contractRouter } from "../../lib/contract-router";
import type { TicketPromoCodesService } from "./ticket-promo-codes.service";

/** An event's promo codes (administrators) and an order's price with one (docs/product.md, "Promo codes"). */
export function createTicketPromoCodesRouter(promoCodes: TicketPromoCodesService) {
  return contractRouter(ticketPromoCodesContract, {
    list: async ({ params }) => ({ status: 200, body: await promoCodes.list(params.id) }),
    create: async ({ params, body }) => ({ status: 201, body: await promoCodes.create(params.id, body) }),
    update: async ({ params, body }) => ({ status: 200, body: await promoCodes.update(params.id, body) }),
    quote: async ({ body }) => ({ status: 200, body: await promoCodes.quote(body) }),
  });
}
