import type { z } from "zod";
import type { TicketPurchase, ticketPurchaseResultSchema } from "@shared/tickets";

/**
 * What the buyer is shown of an order: Stripe's references and the order-wide admission of
 * earlier versions stay on the server (My Tickets says when each ticket was used, not by whom).
 * Its dates stay Dates: the answer's schema writes them as JSON (`instant`, shared/contract.ts).
 */
export function buyerOrder(
  {
    paymentIntentId: _intent,
    refundId: _refund,
    checkedInAt: _admittedAt,
    checkedInBy: _admittedBy,
    promoCodeId: _code,
    promoUses: _uses,
    ...order
  }: TicketPurchase,
  clientSecret?: string,
): z.input<typeof ticketPurchaseResultSchema> {
  return clientSecret === undefined ? order : { ...order, clientSecret };
}
