import { z } from "zod";
import type { Event } from "./events";
import { id } from "./validation";
import type { ticketPurchases } from "./tickets.table";

/**
 * "pending" is an order holding its tickets while the card payment is made: never admitted,
 * never shown as a ticket. "refunded" is a cancelled paid order whose money Stripe returned
 * (docs/decisions/014-paid-tickets.md).
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
 * POST /api/tickets. Only the event and quantity come from the client: the price, total,
 * user and confirmation code are decided by the server.
 */
const QUANTITY_MESSAGE = `Enter a whole number of tickets from 1 to ${MAX_TICKETS_PER_PURCHASE}`;

export const purchaseTicketsSchema = z.object({
  eventId: id,
  quantity: z.int({ error: QUANTITY_MESSAGE }).min(1, QUANTITY_MESSAGE).max(MAX_TICKETS_PER_PURCHASE, QUANTITY_MESSAGE),
});

export type TicketPurchase = typeof ticketPurchases.$inferSelect;
export type PurchaseTickets = z.infer<typeof purchaseTicketsSchema>;

export type TicketTimestampKeys =
  "purchaseDate" | "checkedInAt" | "holdExpiresAt" | "paidAt" | "cancelledAt" | "refundedAt";
/**
 * What the buyer is shown of an order: Stripe's ids and the admin who admitted it at the door
 * stay on the server (the buyer sees when, not by whom).
 */
export type TicketOrder = Omit<TicketPurchase, "paymentIntentId" | "refundId" | "checkedInBy">;

/** GET /api/tickets/my: a purchase with the event it is for (one joined query). */
export type MyTicket = TicketOrder & {
  event: Pick<Event, "id" | "name" | "artist" | "date" | "time" | "venue" | "imageUrl" | "status">;
  /** What the QR code encodes (the door scans it); only on confirmed and used orders. */
  qrToken: string | null;
};

type Json<T> = Omit<T, TicketTimestampKeys> & { [K in TicketTimestampKeys]: string | null };

/** As JSON carries them (dates become ISO strings). */
export type TicketPurchaseResponse = Json<TicketOrder> & {
  /** For a priced order while payments are configured: the card payment to confirm. */
  clientSecret?: string;
};
export type MyTicketResponse = Json<MyTicket>;

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
> & { buyerName: string | null; buyerEmail: string | null };

/** POST /api/tickets/:id/cancel (admin): the order as it now stands. */
export type CancelledTicketOrderResponse = Pick<TicketPurchase, "id" | "status" | "quantity" | "eventId">;

/** POST /api/events/:id/cancel (admin), 202: its orders follow in the background. */
export interface CancelledEventResponse {
  status: "cancelled";
}
