import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MyTicketResponse, PurchaseTickets, TicketPurchaseResponse } from "@shared/tickets";
import { apiRequest } from "@/lib/api-request";
import { EVENTS_QUERY_KEY, MY_TICKETS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/tickets/my: the user's purchases with their events, newest first. */
export const myTicketsQuery = queryOptions<MyTicketResponse[]>({ queryKey: MY_TICKETS_QUERY_KEY });

/**
 * POST /api/tickets; the server prices it and answers with the confirmation code. The events
 * list shows the stock, so it is read again after any answer, a refusal too: "Only 2 tickets
 * left" means the stock shown is stale.
 */
export function usePurchaseTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PurchaseTickets): Promise<TicketPurchaseResponse> =>
      (await apiRequest("POST", "/api/tickets", body)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_TICKETS_QUERY_KEY }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY }),
  });
}
