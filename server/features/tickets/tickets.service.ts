import crypto from "node:crypto";
import type { Event } from "@shared/events";
import { toCents } from "@shared/money";
import {
  CONFIRMATION_CODE_ALPHABET,
  CONFIRMATION_CODE_LENGTH,
  ticketTotalCents,
  type PurchaseTickets,
  type TicketPurchase,
} from "@shared/tickets";
import { HttpError } from "../../lib/http-error";
import { isUniqueViolation } from "../../lib/pg-errors";
import { CONFIRMATION_CODE_CONSTRAINT, type TicketsRepository } from "./tickets.repository";

/** Crypto-random and unbiased (randomInt), from the alphabet without look-alikes. */
export function generateConfirmationCode(): string {
  let code = "";
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) {
    code += CONFIRMATION_CODE_ALPHABET[crypto.randomInt(CONFIRMATION_CODE_ALPHABET.length)];
  }
  return code;
}

const MAX_CODE_ATTEMPTS = 5;

/** Why the conditional update took nothing, read after the fact for a clear message. */
function refusal(event: (Event & { isPast: boolean }) | undefined, quantity: number): HttpError {
  if (!event) return HttpError.notFound("Event not found");
  if (event.status === "cancelled") return HttpError.conflict("This event is cancelled");
  if (event.status === "completed" || event.isPast) {
    return HttpError.conflict("This event has already taken place");
  }
  if (event.status === "sold-out" || event.availableTickets === 0) return HttpError.conflict("This event is sold out");
  if (event.availableTickets < quantity) {
    const left = event.availableTickets;
    return HttpError.conflict(`Only ${left} ticket${left === 1 ? "" : "s"} left`);
  }
  if (ticketTotalCents(toCents(event.ticketPrice), quantity) === null) {
    return HttpError.badRequest("The total is too large for one purchase");
  }
  // The stock changed between the refusal and this read (an admin added tickets).
  return HttpError.conflict("The tickets for this event just changed. Please try again.");
}

export function createTicketsService(
  repository: TicketsRepository,
  drawCode: () => string = generateConfirmationCode,
) {
  return {
    /**
     * One statement takes the stock, prices it in the database and records the purchase
     * (see the repository); a refusal is explained from a fresh read of the event.
     */
    async purchase(userId: string, { eventId, quantity }: PurchaseTickets): Promise<TicketPurchase> {
      for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
        try {
          const purchase = await repository.buyTickets({ eventId, userId, quantity, confirmationCode: drawCode() });
          if (purchase) return purchase;
          throw refusal(await repository.findEvent(eventId), quantity);
        } catch (error) {
          // A taken code rolled the whole statement back, stock included: draw again.
          if (!isUniqueViolation(error, CONFIRMATION_CODE_CONSTRAINT)) throw error;
        }
      }
      throw new Error(`No unique confirmation code after ${MAX_CODE_ATTEMPTS} attempts`);
    },

    listForUser: (userId: string) => repository.listForUser(userId),
  };
}
