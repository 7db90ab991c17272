import type { NewOutboxMessage } from "@shared/outbox";
import { ticketCode } from "@shared/tickets";
import type { SignedTokens } from "../../lib/signed-token";
import { signOrderTickets } from "../../lib/ticket-tokens";
import type { Executor } from "../../db/database";
import type { OrderDetails } from "./ticket-orders.repository";

/**
 * What tickets need from the outbox feature, passed in by features/index.ts: queue e-mails in
 * the transaction of the change they report, and ask for delivery once it has committed.
 */
export interface TicketMessages {
  queue(tx: Executor, messages: NewOutboxMessage[]): Promise<unknown>;
  deliverSoon(): void;
}

/** What every message about an order says of it: the show and the tickets. */
function orderFacts(order: OrderDetails) {
  const { eventName, artist, date, time, venue, quantity, confirmationCode } = order;
  return { eventName, artist, date, time, venue, quantity, confirmationCode };
}

/** The pages of an order's PDF: each ticket's number, typed code and QR token. */
export function ticketPages(tokens: SignedTokens, order: { id: string; quantity: number; confirmationCode: string }) {
  return signOrderTickets(tokens, order.id, order.quantity).map(({ position, token }) => ({
    position,
    code: ticketCode(order.confirmationCode, position),
    token,
  }));
}

/**
 * The buyer's confirmation with the PDF tickets and the calendar invitation (rendered at
 * delivery, when each ticket's QR code is signed from the order's id).
 */
export function confirmationMessage(order: OrderDetails): NewOutboxMessage {
  return {
    template: "ticket-purchase-confirmation",
    recipient: order.buyerEmail,
    aboutType: "ticket_purchase",
    aboutId: order.id,
    params: {
      ...orderFacts(order),
      total: order.totalAmount,
      purchaseId: order.id,
      holderName: order.holderName,
      timeZone: order.timeZone ?? undefined,
      promoCode: order.promoCode,
      discount: order.promoCode ? order.discountAmount : null,
    },
  };
}

/** Tells the buyer the order is cancelled, and whether money goes back to the card. */
export function cancellationMessage(order: OrderDetails, reason: "admin" | "event-cancelled"): NewOutboxMessage {
  return {
    template: "ticket-order-cancelled",
    recipient: order.buyerEmail,
    aboutType: "ticket_purchase",
    aboutId: order.id,
    params: {
      ...orderFacts(order),
      reason,
      refund: order.paidAt ? order.totalAmount : null,
    },
  };
}
