import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EventOrderResponse, MyTicketResponse, PurchaseTickets, TicketPurchaseResponse } from "@shared/tickets";
import { apiRequest } from "@/lib/api-request";
import { EVENTS_QUERY_KEY, eventOrdersQueryKey, MY_TICKETS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/tickets/my: the user's purchases with their events, newest first. */
export const myTicketsQuery = queryOptions<MyTicketResponse[]>({ queryKey: MY_TICKETS_QUERY_KEY });

/** GET /api/events/{id}/orders (admin): the event's orders with their buyers. */
export const eventOrdersQuery = (eventId: string) =>
  queryOptions<EventOrderResponse[]>({ queryKey: eventOrdersQueryKey(eventId) });

/** Stock and ticket lists change with every purchase, payment and cancellation (the events key covers each event's orders). */
function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [EVENTS_QUERY_KEY, MY_TICKETS_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/**
 * POST /api/tickets; the server prices it. A free order (or any order while card payments are
 * off) answers confirmed; a priced one answers pending with the card payment's clientSecret.
 * The events list is read again after any answer, a refusal too: "Only 2 tickets left" means
 * the stock shown is stale.
 */
export function usePurchaseTickets() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (body: PurchaseTickets): Promise<TicketPurchaseResponse> =>
      (await apiRequest("POST", "/api/tickets", body)).json(),
    onSettled: refresh,
  });
}

/** POST /api/tickets/complete: the server checks the card payment with Stripe and confirms. */
export function useCompleteTicketPayment() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (paymentIntentId: string): Promise<TicketPurchaseResponse> =>
      (await apiRequest("POST", "/api/tickets/complete", { paymentIntentId })).json(),
    onSettled: refresh,
  });
}

/** POST /api/tickets/{id}/cancel (admin): tickets back to stock, a paid order refunded. */
export function useCancelTicketOrder() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("POST", `/api/tickets/${id}/cancel`);
    },
    onSettled: refresh,
  });
}

/** POST /api/events/{id}/cancel (admin): every order is then cancelled and refunded in the background. */
export function useCancelEvent() {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("POST", `/api/events/${id}/cancel`);
    },
    onSettled: refresh,
  });
}
