import crypto from "node:crypto";
import type { Event } from "@shared/events";
import { fromCents, toCents } from "@shared/money";
import {
  CONFIRMATION_CODE_ALPHABET,
  CONFIRMATION_CODE_LENGTH,
  ticketTotalCents,
  type PurchaseTickets,
  type TicketPurchase,
} from "@shared/tickets";
import { HttpError } from "../../lib/http-error";
import type { TicketQueries, TicketsRepository } from "./tickets.repository";

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
  // The stock changed between the refusal and this read (an admin added tickets).
  return HttpError.conflict("The tickets for this event just changed. Please try again.");
}

export function createTicketsService(
  repository: TicketsRepository,
  drawCode: () => string = generateConfirmationCode,
) {
  async function recordPurchase(q: TicketQueries, values: Omit<TicketPurchase, "id" | "status" | "purchaseDate" | "confirmationCode">) {
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      const purchase = await q.insertPurchase({ ...values, confirmationCode: drawCode() });
      if (purchase) return purchase;
    }
    throw new Error(`No unique confirmation code after ${MAX_CODE_ATTEMPTS} attempts`);
  }

  return {
    /** One transaction: take the stock, price it on the server, record the purchase. */
    purchase(userId: string, { eventId, quantity }: PurchaseTickets): Promise<TicketPurchase> {
      return repository.inTransaction(async (q) => {
        const event = await q.takeTickets(eventId, quantity);
        if (!event) throw refusal(await q.findEvent(eventId), quantity);
        const totalCents = ticketTotalCents(toCents(event.ticketPrice), quantity);
        // Throwing here rolls the stock back with the rest of the transaction.
        if (totalCents === null) throw HttpError.badRequest("The total is too large for one purchase");
        return recordPurchase(q, { eventId, userId, quantity, totalAmount: fromCents(totalCents) });
      });
    },

    listForUser: (userId: string) => repository.listForUser(userId),
  };
}
