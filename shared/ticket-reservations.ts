// Reservations paid at the door. Apart from tickets.ts so that the pages that show them do not
// load its request schemas (zod) with their first JavaScript.
import { formatMoney, toCents } from "./money";

/**
 * What a reservation still owes at the door: a confirmed order with a price that was never
 * paid by card, as every priced order is while card payments are not configured
 * (docs/product.md, "Event Tickets"). Derived, not stored: nothing else makes such an order.
 * Null when nothing is owed.
 */
export function payAtDoorAmount(order: {
  status: string;
  totalAmount: string;
  paidAt?: Date | string | null;
}): string | null {
  return order.status === "confirmed" && !order.paidAt && toCents(order.totalAmount) > 0 ? order.totalAmount : null;
}

/** "Pay at the door: $50.00", the same words on the purchase, the e-mail and My Tickets. */
export function payAtDoorText(amount: string): string {
  return `Pay at the door: ${formatMoney(amount)}`;
}
