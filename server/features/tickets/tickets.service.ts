import crypto from "node:crypto";
import type { EventRow } from "@shared/events";
import { ticketTotalCents, toCents } from "@shared/money";
import {
  CONFIRMATION_CODE_ALPHABET,
  CONFIRMATION_CODE_LENGTH,
  type MyTicketRow,
  type PurchaseTickets,
  ticketCode,
  type TicketPurchase,
} from "@shared/tickets";
import { promoDiscountCents } from "@shared/ticket-promo-codes";
import { HttpError } from "../../lib/http-error";
import { createKeyedQueue } from "../../lib/keyed-queue";
import { isUniqueViolation } from "../../lib/pg-errors";
import type { SignedTokens } from "../../lib/signed-token";
import { signTicket } from "../../lib/ticket-tokens";
import { CONFIRMATION_CODE_CONSTRAINT, type PurchaseRequest, type TicketsRepository } from "./tickets.repository";

/** Crypto-random and unbiased (randomInt), from the alphabet without look-alikes. */
export function generateConfirmationCode(): string {
  let code = "";
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) {
    code += CONFIRMATION_CODE_ALPHABET[crypto.randomInt(CONFIRMATION_CODE_ALPHABET.length)];
  }
  return code;
}

const MAX_CODE_ATTEMPTS = 5;
/**
 * Purchases of one event this instance sends to PostgreSQL at once; the others wait here, in
 * order. The event's row lock lets one through at a time anyway, and each backend queued on it
 * costs CPU (lock hand-overs, re-checking the row) and holds a pool connection: a sale of one
 * event used to put the whole pool in that queue. Two keep the next statement waiting at the
 * lock, so the row never idles for a round trip. Nothing about the stock is decided here.
 */
export const PURCHASES_IN_FLIGHT_PER_EVENT = 2;
export const TOO_MANY_UNPAID_TICKETS =
  "You have unpaid ticket orders waiting. Finish paying for one, or try again in a few minutes.";

/** Why the conditional update took nothing, read after the fact for a clear message. */
function refusal(
  event: (EventRow & { isPast: boolean }) | undefined,
  quantity: number,
  unpaidLeft: () => Promise<boolean>,
  discountCents = 0,
) {
  if (!event) return HttpError.notFound("Event not found");
  if (event.status === "cancelled") return HttpError.conflict("This event is cancelled");
  if (event.status === "completed" || event.isPast) {
    return HttpError.conflict("This event has already taken place");
  }
  if (event.status === "sold-out" || event.availableTickets === 0) return HttpError.conflict("This event is sold out");
  if (quantity > event.maxPerOrder) {
    const message = `You can buy at most ${event.maxPerOrder} ticket${event.maxPerOrder === 1 ? "" : "s"} in one order`;
    return HttpError.badRequest(message, { quantity: [message] });
  }
  if (event.availableTickets < quantity) {
    const left = event.availableTickets;
    return HttpError.conflict(`Only ${left} ticket${left === 1 ? "" : "s"} left`);
  }
  const fullCents = ticketTotalCents(toCents(event.ticketPrice), quantity);
  const totalCents = fullCents === null ? null : fullCents - discountCents;
  if (totalCents === null) return HttpError.badRequest("The total is too large for one purchase");
  return unpaidLeft().then((ok) => {
    if (!ok) return HttpError.tooMany(TOO_MANY_UNPAID_TICKETS);
    if (totalCents > 0 && totalCents < 50) return HttpError.badRequest("Card payments start at $0.50");
    // The stock changed between the refusal and this read (an admin added tickets).
    return HttpError.conflict("The tickets for this event just changed. Please try again.");
  });
}

export interface TicketPurchaseSettings {
  tokens: SignedTokens;
  /** Null while card payments are not configured: every order is confirmed at once. */
  card: PurchaseRequest["card"];
}

export function createTicketsService(
  repository: TicketsRepository,
  settings: TicketPurchaseSettings,
  drawCode: () => string = generateConfirmationCode,
) {
  const turns = createKeyedQueue(PURCHASES_IN_FLIGHT_PER_EVENT);
  return {
    /**
     * One statement takes the stock, prices it in the database and records the purchase
     * (see the repository); a refusal is explained from a fresh read of the event.
     */
    async purchase(
      userId: string,
      { eventId, quantity, code, waitlistToken }: PurchaseTickets,
    ): Promise<TicketPurchase> {
      const { card } = settings;
      // A code is found and checked before the statement (a plain 400 for each refusal), and
      // priced again under its row lock inside the purchase (the repository).
      let promo: PurchaseRequest["promo"];
      let discountCents = 0;
      if (code !== undefined) {
        const event = await repository.findEvent(eventId);
        if (!event) throw HttpError.notFound("Event not found");
        const row = await repository.findPromoCode(eventId, code);
        promo = { codeId: row.id, unitPrice: event.ticketPrice, quantity };
        discountCents = promoDiscountCents(
          toCents(event.ticketPrice),
          Math.min(quantity, row.maxUses ?? quantity),
          row,
        );
      }
      for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
        const id = crypto.randomUUID();
        try {
          const request = {
            id,
            eventId,
            userId,
            quantity,
            confirmationCode: drawCode(),
            card,
            promo,
            waitlistToken,
          };
          const purchase = await turns.run(eventId, () => repository.buyTickets(request));
          if (purchase) return purchase;
          const unpaidLeft = async () => !card || (await repository.countPending(userId)) < card.maxUnpaid;
          throw await refusal(await repository.findEvent(eventId), quantity, unpaidLeft, discountCents);
        } catch (error) {
          // A taken code rolled the whole statement back, stock included: draw again.
          if (!isUniqueViolation(error, CONFIRMATION_CODE_CONSTRAINT)) throw error;
        }
      }
      throw new Error(`No unique confirmation code after ${MAX_CODE_ATTEMPTS} attempts`);
    },

    /**
     * The buyer's orders, each with its tickets (two queries for the whole list): a confirmed
     * order, or one admitted whole by an earlier version, has one QR code per ticket.
     */
    async listForUser(userId: string): Promise<MyTicketRow[]> {
      const [orders, tickets] = await Promise.all([repository.listForUser(userId), repository.ticketsOfUser(userId)]);
      const byOrder = new Map<string, typeof tickets>();
      for (const ticket of tickets) {
        const list = byOrder.get(ticket.orderId);
        if (list) list.push(ticket);
        else byOrder.set(ticket.orderId, [ticket]);
      }
      return orders.map((order) => ({
        ...order,
        tickets: (byOrder.get(order.id) ?? []).map(({ position, checkedInAt }) => ({
          position,
          code: ticketCode(order.confirmationCode, position),
          qrToken: signTicket(settings.tokens, order.id, position),
          checkedInAt,
        })),
      }));
    },
  };
}
