import { formatDay, viewerTimeZone } from "@shared/dates";
import { formatMoney, toCents } from "@shared/money";
import type { MyTicket } from "@shared/tickets";

type Order = Pick<MyTicket, "status" | "totalAmount" | "paidAt" | "cancelledAt" | "tickets">;

/**
 * What a cancelled order says instead of a bare total: when, and what happened to the money
 * ("Cancelled on Nov 25, 2031 — refunded $75.00", "— nothing was charged"). Null for an order
 * that stands.
 */
export function cancellationText(order: Order): string | null {
  if (order.status !== "cancelled" && order.status !== "refunded") return null;
  const when = order.cancelledAt ? `Cancelled on ${formatDay(order.cancelledAt, viewerTimeZone())}` : "Cancelled";
  const charged = order.paidAt !== null && toCents(order.totalAmount) > 0;
  if (!charged) return `${when} — nothing was charged`;
  if (order.status === "refunded") return `${when} — refunded ${formatMoney(order.totalAmount)}`;
  return `${when} — ${formatMoney(order.totalAmount)} is being refunded`;
}

/** The order's status as its holder reads it: "used" once every ticket of it has been. */
export function orderStatus(order: Order): string {
  const used = order.tickets.length > 0 && order.tickets.every((ticket) => ticket.checkedInAt !== null);
  return order.status === "confirmed" && used ? "used" : order.status;
}
