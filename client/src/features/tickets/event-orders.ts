import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { formatMoney, toCents } from "@shared/money";
import { payAtDoorAmount } from "@shared/ticket-reservations";
import type { EventOrder } from "@shared/tickets";

const tickets = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;

/** "3 tickets · $75.00 · (code SPRING −$5.00 ·) ABCDEFGH23 · fan@x.test · ordered Nov 25, 6:02 PM" */
export function orderLine(order: EventOrder): string {
  return [
    tickets(order.quantity),
    toCents(order.totalAmount) === 0 ? "free" : formatMoney(order.totalAmount),
    order.promoCode ? `code ${order.promoCode} −${formatMoney(order.discountAmount)}` : null,
    order.confirmationCode,
    order.buyerEmail,
    order.purchaseDate
      ? `ordered ${formatDayTime(order.purchaseDate, viewerTimeZone(), { year: "other-years" })}`
      : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The status as the list shows it: "used" once every ticket of the order was admitted. */
export function orderStatus(order: EventOrder): string {
  return order.status === "confirmed" && order.checkedInTickets >= order.quantity ? "used" : order.status;
}

/** Held or confirmed, with nobody admitted on it yet (someone inside keeps the order standing). */
export function cancellable(order: EventOrder): boolean {
  return (order.status === "confirmed" || order.status === "pending") && order.checkedInTickets === 0;
}

/** What cancelling does, money first: whether a refund will happen, and how much. */
export function cancelConsequences(order: EventOrder): string {
  const back = `${tickets(order.quantity)} go${order.quantity === 1 ? "es" : ""} back on sale`;
  if (order.status === "pending") {
    return `${back}. The buyer has not paid yet, so nothing is refunded; a card payment that still arrives is refunded automatically. This cannot be undone.`;
  }
  if (order.paidAt && toCents(order.totalAmount) > 0) {
    return `${back}, ${formatMoney(order.totalAmount)} is refunded to the buyer's card and the buyer is e-mailed. This cannot be undone.`;
  }
  const why = payAtDoorAmount(order) ? "It was to be paid at the door" : "It was free";
  return `${back} and the buyer is e-mailed. ${why}: nothing was charged, so there is no refund. This cannot be undone.`;
}
