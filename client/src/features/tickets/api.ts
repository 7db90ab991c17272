import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PurchaseTickets, ticketOrdersContract, ticketsContract } from "@shared/tickets";
import { ticketFiles, ticketOrdersApi, ticketsApi } from "@shared/tickets.api";
import type { eventsContract } from "@shared/events";
import { eventsApi } from "@shared/events.api";
import type { z } from "zod";
import type { QuoteTickets, ticketPromoCodesContract, updatePromoCodeSchema } from "@shared/ticket-promo-codes";
import { ticketPromoCodesApi } from "@shared/ticket-promo-codes.api";
import { apiClient, pathOf } from "@/lib/api-client";

/** What the admin form sends: every field a create takes, as an update may send too. */
type CreatePromoCodeInput = z.input<typeof updatePromoCodeSchema> & { code: string };

const api = apiClient<typeof ticketsContract>(ticketsApi);
/** A purchase changes the tickets left that the events list shows. */
const events = apiClient<typeof eventsContract>(eventsApi);
const orders = apiClient<typeof ticketOrdersContract>(ticketOrdersApi);
/**
 * The card's confirmation runs inside the payment helpers (components/payments/checkout.ts),
 * whose toasts follow the payment's outcome rather than the server's message.
 */
const PAYMENT_HELPERS = { ownErrorToast: true };

/** The user's purchases with their events, newest first. */
export const myTicketsQuery = api.my.query();

/** The event's orders with their buyers (administrators). */
export const eventOrdersQuery = (eventId: string) => orders.eventOrders.query({ params: { id: eventId } });

/** The download links of an order's tickets (a PDF) and of its calendar entry. */
export const ticketPdfUrl = (orderId: string) => pathOf(ticketFiles.pdf, { id: orderId });
export const ticketCalendarUrl = (orderId: string) => pathOf(ticketFiles.calendar, { id: orderId });

/**
 * Stock and ticket lists change with every purchase, payment and cancellation (the events key
 * covers each event's orders, and the tickets key the buyer's own).
 */
function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([events.list.key(), api.my.key()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * The server prices it. A free order (or any order while card payments are off) answers
 * confirmed; a priced one answers pending with the card payment's clientSecret. The events
 * list is read again after any answer, a refusal too: "Only 2 tickets left" means the stock
 * shown is stale.
 */
export function usePurchaseTickets() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (body: PurchaseTickets) => api.paymentIntent({ body }),
    onSettled: refresh,
    meta: { errorFallback: "Failed to purchase tickets" },
  });
}

/** The server checks the card payment with Stripe and confirms. */
export function useCompleteTicketPayment() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (paymentIntentId: string) => api.complete({ body: { paymentIntentId } }),
    onSettled: refresh,
    meta: PAYMENT_HELPERS,
  });
}

/** Administrators: tickets back to stock, a paid order refunded. */
export function useCancelTicketOrder() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await orders.cancel({ params: { id } });
    },
    onSettled: refresh,
    meta: { errorFallback: "Failed to cancel order" },
  });
}

/** Administrators: every order is then cancelled and refunded in the background. */
export function useCancelEvent() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await orders.cancelEvent({ params: { id } });
    },
    onSettled: refresh,
    meta: { errorFallback: "Failed to cancel event" },
  });
}

const promoCodes = apiClient<typeof ticketPromoCodesContract>(ticketPromoCodesApi);

/** The price of an order with a promo code; the dialog says a refusal beside the code field. */
export function useTicketQuote() {
  return useMutation({
    mutationFn: (body: QuoteTickets) => promoCodes.quote({ body }),
    meta: { ownErrorToast: true },
  });
}

/** Administrators: an event's promo codes with their uses. */
export const promoCodesQuery = (eventId: string) => promoCodes.list.query({ params: { id: eventId } });

/** Administrators: add a code, or change one (`active: false` deactivates it). */
export function useSavePromoCode(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; body: CreatePromoCodeInput }) =>
      input.id
        ? promoCodes.update({ params: { id: input.id }, body: input.body })
        : promoCodes.create({ params: { id: eventId }, body: input.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: promoCodes.list.key({ params: { id: eventId } }) }),
    meta: { errorFallback: "Failed to save the promo code" },
  });
}
