import type {
  EventOrderResponse,
  MyTicket,
  MyTicketResponse,
  TicketPurchase,
  TicketPurchaseResponse,
  TicketTimestampKeys,
} from "@shared/tickets";

type WithDates = { [K in TicketTimestampKeys]: Date | null };
type AsJson<T extends WithDates> = Omit<T, TicketTimestampKeys> & { [K in TicketTimestampKeys]: string | null };

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An order's dates as JSON carries them (ISO strings). */
function jsonDates<T extends WithDates>(order: T): AsJson<T> {
  const { purchaseDate, holdExpiresAt, paidAt, cancelledAt, refundedAt } = order;
  return {
    ...order,
    purchaseDate: iso(purchaseDate),
    holdExpiresAt: iso(holdExpiresAt),
    paidAt: iso(paidAt),
    cancelledAt: iso(cancelledAt),
    refundedAt: iso(refundedAt),
  };
}

/**
 * What the buyer is shown of an order: Stripe's references and the order-wide admission of
 * earlier versions stay on the server (My Tickets says when each ticket was used, not by whom).
 */
export function buyerOrder(
  {
    paymentIntentId: _intent,
    refundId: _refund,
    checkedInAt: _admittedAt,
    checkedInBy: _admittedBy,
    ...order
  }: TicketPurchase,
  clientSecret?: string,
): TicketPurchaseResponse {
  return { ...jsonDates(order), clientSecret };
}

/** GET /api/tickets/my, one ticket (read without the server-only columns). */
export function myTicket({ tickets, ...order }: MyTicket): MyTicketResponse {
  return {
    ...jsonDates(order),
    tickets: tickets.map((ticket) => ({ ...ticket, checkedInAt: iso(ticket.checkedInAt) })),
  };
}

type EventOrderDates = "purchaseDate" | "paidAt" | "cancelledAt" | "refundedAt";

/** GET /api/events/:id/orders (admin), one order with its buyer. */
export function eventOrder(
  order: Omit<EventOrderResponse, EventOrderDates> & { [K in EventOrderDates]: Date | null },
): EventOrderResponse {
  const { purchaseDate, paidAt, cancelledAt, refundedAt } = order;
  return {
    ...order,
    purchaseDate: iso(purchaseDate),
    paidAt: iso(paidAt),
    cancelledAt: iso(cancelledAt),
    refundedAt: iso(refundedAt),
  };
}
