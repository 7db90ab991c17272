import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { eventSchema } from "./events";
import { ticketOrdersApi, ticketsApi } from "./tickets.api";
import { id } from "./validation";
import type { issuedTickets, ticketPurchases } from "./tickets.table";
import { TICKET_CANCEL_REASONS } from "./tickets.values";
export * from "./tickets.values";

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
 * A purchase: only the event and quantity come from the client; the price, total, user and
 * confirmation code are decided by the server.
 */
const QUANTITY_MESSAGE = `Enter a whole number of tickets from 1 to ${MAX_TICKETS_PER_PURCHASE}`;

/** Letters, digits, dashes and underscores, typed in any case ("SPRING-25" and "spring-25" are one code). */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{2,40}$/;
export const promoCodeText = z
  .string()
  .trim()
  .regex(PROMO_CODE_PATTERN, "Enter a code of 2 to 40 letters, digits, dashes or underscores");

export const purchaseTicketsSchema = z.object({
  eventId: id,
  quantity: z.int({ error: QUANTITY_MESSAGE }).min(1, QUANTITY_MESSAGE).max(MAX_TICKETS_PER_PURCHASE, QUANTITY_MESSAGE),
  /** A promo code of the event (docs/product.md, "Promo codes"); the server prices it. */
  code: promoCodeText.optional(),
  /** The token of a waiting-list offer (its e-mailed link): the tickets held for it are bought. */
  waitlistToken: z.string().min(16).max(128).optional(),
});

/** A row of the orders table, as the server reads it (Stripe's ids included). */
export type TicketPurchase = typeof ticketPurchases.$inferSelect;
export type IssuedTicket = typeof issuedTickets.$inferSelect;
export type PurchaseTickets = z.infer<typeof purchaseTicketsSchema>;

/**
 * What the buyer is shown of an order: Stripe's ids stay on the server, and so does the
 * order-wide admission of earlier versions (each ticket says when it was used).
 */
export const ticketOrderSchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    userId: z.string(),
    quantity: z.int(),
    /** A decimal string, "51.00". */
    totalAmount: z.string(),
    /** One of TICKET_STATUSES. */
    status: z.string(),
    purchaseDate: instant.nullable(),
    confirmationCode: z.string(),
    /** When a pending order gives its tickets back. */
    holdExpiresAt: instant.nullable(),
    paidAt: instant.nullable(),
    cancelledAt: instant.nullable(),
    cancelReason: z.enum(TICKET_CANCEL_REASONS).nullable(),
    refundedAt: instant.nullable(),
    /** The promo code the order used, and what it took off ("0.00" without one). */
    promoCode: z.string().nullable(),
    discountAmount: z.string(),
  })
  .meta({ id: "TicketOrder" });
export type TicketOrder = z.output<typeof ticketOrderSchema>;

/** The answer to a purchase and to its completion. */
export const ticketPurchaseResultSchema = ticketOrderSchema
  .extend({
    /** For a priced order while payments are configured: the card payment to confirm. */
    clientSecret: z.string().optional(),
  })
  .meta({ id: "TicketPurchaseResult" });
export type TicketPurchaseResult = z.output<typeof ticketPurchaseResultSchema>;

/** One ticket of an order as its holder sees it: its QR code and when it was used (not by whom). */
export const ownTicketSchema = z
  .object({
    /** 1 to the order's quantity: "Ticket 2 of 3". */
    position: z.int(),
    /** Its typed code, "ABCDEFGH23-2". */
    code: z.string(),
    /** What its QR code encodes (the door verifies it). */
    qrToken: z.string(),
    checkedInAt: instant.nullable(),
  })
  .meta({ id: "OwnTicket" });
export type OwnTicket = z.output<typeof ownTicketSchema>;

/** One of the buyer's orders with the event it is for and its tickets. */
export const myTicketSchema = ticketOrderSchema
  .extend({
    event: eventSchema.pick({
      id: true,
      name: true,
      artist: true,
      date: true,
      time: true,
      venue: true,
      timeZone: true,
      imageUrl: true,
      status: true,
    }),
    /** One per person, only on confirmed (and earlier versions' used) orders; empty otherwise. */
    tickets: z.array(ownTicketSchema),
  })
  .meta({ id: "MyTicket" });
export type MyTicket = z.output<typeof myTicketSchema>;
/** The same as the server builds it (its dates still Dates). */
export type MyTicketRow = z.input<typeof myTicketSchema>;

/** After the card payment succeeded in the browser. */
export const completeTicketPaymentSchema = z.object({ paymentIntentId: z.string().min(1).max(255) });

/** Every order of an event with its buyer (administrators). */
export const eventOrderSchema = z
  .object({
    id: z.string(),
    quantity: z.int(),
    totalAmount: z.string(),
    status: z.string(),
    purchaseDate: instant.nullable(),
    confirmationCode: z.string(),
    paidAt: instant.nullable(),
    cancelledAt: instant.nullable(),
    refundedAt: instant.nullable(),
    buyerName: z.string().nullable(),
    buyerEmail: z.string().nullable(),
    /** Its tickets already admitted at the door: such an order can no longer be cancelled. */
    checkedInTickets: z.int(),
    promoCode: z.string().nullable(),
    discountAmount: z.string(),
  })
  .meta({ id: "EventOrder" });
export type EventOrder = z.output<typeof eventOrderSchema>;

/** An order an administrator cancelled, as it now stands. */
export const cancelledTicketOrderSchema = z
  .object({ id: z.string(), status: z.string(), quantity: z.int(), eventId: z.string() })
  .meta({ id: "CancelledTicketOrder" });
export type CancelledTicketOrder = z.output<typeof cancelledTicketOrderSchema>;

/** A cancelled event (202): its orders follow in the background. */
export const cancelledEventSchema = z.object({ status: z.literal("cancelled") }).meta({ id: "CancelledEvent" });
export type CancelledEvent = z.output<typeof cancelledEventSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Event Tickets", and docs/decisions/014-paid-tickets.md. */
export const ticketsContract = defineContract("tickets", ticketsApi, {
  paymentIntent: {
    summary: "Takes tickets of an event: confirmed at once, or held while the card is paid",
    description:
      "The server prices the order. A free order, or any order while card payments are off, answers confirmed; a priced one answers pending with the card payment's clientSecret. 409 when the tickets or the event do not allow it.",
    body: purchaseTicketsSchema,
    responses: { 201: ticketPurchaseResultSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  complete: {
    summary: "Confirms a held order once Stripe says its card payment succeeded",
    description: "404 when the payment is not for one of the buyer's orders; 409 when it is not paid, or was refunded.",
    body: completeTicketPaymentSchema,
    responses: { 200: ticketPurchaseResultSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  my: {
    summary: "The buyer's orders with their events and tickets, newest first",
    responses: { 200: z.array(myTicketSchema) },
  },
});

/** docs/product.md, "Event Tickets" (administrators) and docs/decisions/014-paid-tickets.md. */
export const ticketOrdersContract = defineContract("ticketOrders", ticketOrdersApi, {
  cancel: {
    summary: "Cancels an order: its tickets go back on sale and a paid order is refunded",
    description: "409 when the order can no longer be cancelled (already cancelled, or admitted at the door).",
    params: idParams,
    responses: { 200: cancelledTicketOrderSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  eventOrders: {
    summary: "Every order of an event with its buyer, newest first",
    params: idParams,
    responses: { 200: z.array(eventOrderSchema) },
  },
  cancelEvent: {
    summary: "Cancels an event at once; its orders are cancelled and refunded in the background",
    params: idParams,
    responses: { 202: cancelledEventSchema, ...NOT_FOUND },
  },
});
