import { z } from "zod";
import type { Event } from "./events";
import { id } from "./validation";
import type { issuedTickets, ticketPurchases } from "./tickets.table";

/**
 * An order's status. "pending" is an order holding its tickets while the card payment is made:
 * never admitted, never shown as a ticket. "refunded" is a cancelled paid order whose money
 * Stripe returned (docs/decisions/014-paid-tickets.md). "used" is an order admitted whole by
 * versions that admitted orders rather than tickets: every ticket of it counts as used. Tickets
 * are now admitted one by one and a confirmed order stays confirmed
 * (docs/decisions/030-one-code-per-ticket.md).
 */
export const TICKET_STATUSES = ["pending", "confirmed", "cancelled", "used", "refunded"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Why an order was cancelled: its payment hold ran out, an administrator, or the event. */
export const TICKET_CANCEL_REASONS = ["expired", "admin", "event-cancelled"] as const;
export type TicketCancelReason = (typeof TICKET_CANCEL_REASONS)[number];

export const MAX_TICKETS_PER_PURCHASE = 100_000;

/**
 * Confirmation codes are read aloud at the door and typed from paper, so the alphabet
 * leaves out look-alikes (0/O, 1/I/L). 31^10 ≈ 8e14 codes; the unique constraint catches
 * the astronomically rare collision and the server draws again.
 */
export const CONFIRMATION_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CONFIRMATION_CODE_LENGTH = 10;

/**
 * The typed code of one ticket of an order: the order's code and the ticket's number,
 * "ABCDEFGH23-2". It is printed under the ticket's QR code, for the door to type when a scan
 * fails; the order's code alone stands for the whole order
 * (docs/decisions/030-one-code-per-ticket.md).
 */
export function ticketCode(confirmationCode: string, position: number): string {
  return `${confirmationCode}-${position}`;
}

const TYPED_CODE = new RegExp(`^([${CONFIRMATION_CODE_ALPHABET}]{${CONFIRMATION_CODE_LENGTH}})([0-9]{1,6})?$`);

/**
 * A code as the door typed it, in any case, with spaces or dashes anywhere: an order's code,
 * or a ticket's (the order's and its number). Null when it is neither.
 */
export function parseTypedCode(typed: string): { confirmationCode: string; position: number | null } | null {
  const match = TYPED_CODE.exec(typed.toUpperCase().replace(/[\s-]+/g, ""));
  if (!match) return null;
  const position = match[2] === undefined ? null : Number(match[2]);
  return position === 0 ? null : { confirmationCode: match[1], position };
}

/**
 * POST /api/tickets. Only the event and quantity come from the client: the price, total,
 * user and confirmation code are decided by the server.
 */
const QUANTITY_MESSAGE = `Enter a whole number of tickets from 1 to ${MAX_TICKETS_PER_PURCHASE}`;

export const purchaseTicketsSchema = z.object({
  eventId: id,
  quantity: z.int({ error: QUANTITY_MESSAGE }).min(1, QUANTITY_MESSAGE).max(MAX_TICKETS_PER_PURCHASE, QUANTITY_MESSAGE),
});

export type TicketPurchase = typeof ticketPurchases.$inferSelect;
export type IssuedTicket = typeof issuedTickets.$inferSelect;
export type PurchaseTickets = z.infer<typeof purchaseTicketsSchema>;

export type TicketTimestampKeys = "purchaseDate" | "holdExpiresAt" | "paidAt" | "cancelledAt" | "refundedAt";
/**
 * What the buyer is shown of an order: Stripe's ids stay on the server, and so does the
 * order-wide admission of earlier versions (each ticket says when it was used).
 */
export type TicketOrder = Omit<TicketPurchase, "paymentIntentId" | "refundId" | "checkedInAt" | "checkedInBy">;

/** One ticket of an order as its holder sees it: its QR code and when it was used (not by whom). */
export interface OwnTicket {
  /** 1 to the order's quantity: "Ticket 2 of 3". */
  position: number;
  /** Its typed code, "ABCDEFGH23-2". */
  code: string;
  /** What its QR code encodes (the door verifies it). */
  qrToken: string;
  checkedInAt: Date | null;
}

/** GET /api/tickets/my: a purchase with the event it is for and its tickets. */
export type MyTicket = TicketOrder & {
  event: Pick<Event, "id" | "name" | "artist" | "date" | "time" | "venue" | "timeZone" | "imageUrl" | "status">;
  /** One per person, only on confirmed (and earlier versions' used) orders; empty otherwise. */
  tickets: OwnTicket[];
};

type Json<T> = Omit<T, TicketTimestampKeys> & { [K in TicketTimestampKeys]: string | null };

/** As JSON carries them (dates become ISO strings). */
export type TicketPurchaseResponse = Json<TicketOrder> & {
  /** For a priced order while payments are configured: the card payment to confirm. */
  clientSecret?: string;
};
export type OwnTicketResponse = Omit<OwnTicket, "checkedInAt"> & { checkedInAt: string | null };
export type MyTicketResponse = Omit<Json<MyTicket>, "tickets"> & { tickets: OwnTicketResponse[] };

/** POST /api/tickets/complete, after the card payment succeeded in the browser. */
export const completeTicketPaymentSchema = z.object({ paymentIntentId: z.string().min(1).max(255) });

/** GET /api/events/:id/orders (admin): every order of the event with its buyer. */
export type EventOrderResponse = Pick<
  Json<TicketOrder>,
  | "id"
  | "quantity"
  | "totalAmount"
  | "status"
  | "purchaseDate"
  | "confirmationCode"
  | "paidAt"
  | "cancelledAt"
  | "refundedAt"
> & {
  buyerName: string | null;
  buyerEmail: string | null;
  /** Its tickets already admitted at the door: such an order can no longer be cancelled. */
  checkedInTickets: number;
};

/** POST /api/tickets/:id/cancel (admin): the order as it now stands. */
export type CancelledTicketOrderResponse = Pick<TicketPurchase, "id" | "status" | "quantity" | "eventId">;

/** POST /api/events/:id/cancel (admin), 202: its orders follow in the background. */
export interface CancelledEventResponse {
  status: "cancelled";
}
