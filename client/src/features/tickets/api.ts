import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MyTicketResponse, PurchaseTickets, TicketPurchaseResponse } from "@shared/tickets";
import { apiRequest } from "@/lib/api-request";

export const MY_TICKETS_QUERY_KEY = ["/api/tickets/my"] as const;
/** The events list shows the stock, so a purchase refreshes it (SPEC.md §7). */
const EVENTS_QUERY_KEY = ["/api/events"] as const;

/** GET /api/tickets/my: the user's purchases with their events, newest first. */
export const myTicketsQuery = queryOptions<MyTicketResponse[]>({ queryKey: MY_TICKETS_QUERY_KEY });

/**
 * POST /api/tickets; the server prices it and answers with the confirmation code. The events
 * are read again after a refusal too: "Only 2 tickets left" means the stock shown is stale.
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
