import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EventResponse, InsertEventInput, UpdateEvent } from "@shared/events";
import { apiRequest } from "@/lib/api-request";
import { EVENTS_QUERY_KEY, SHOWS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/events (signed in): upcoming first, then past, completed and cancelled. */
export const eventsQuery = queryOptions<EventResponse[]>({ queryKey: EVENTS_QUERY_KEY });

/** A show's page shows its linked event's price and ticket count, so shows follow events. */
function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SHOWS_QUERY_KEY }),
    ]);
}

/** POST /api/events (admin); available tickets start at the total. */
export function useCreateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: async (values: InsertEventInput): Promise<EventResponse> =>
      (await apiRequest("POST", "/api/events", values)).json(),
    onSuccess,
  });
}

/** PATCH /api/events/{id} (admin); a new total moves the available tickets with it. */
export function useUpdateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: async ({ id, data }: { id: string; data: UpdateEvent }): Promise<EventResponse> =>
      (await apiRequest("PATCH", `/api/events/${id}`, data)).json(),
    onSuccess,
  });
}

/** DELETE /api/events/{id} (admin); refused (409) while the event has ticket orders. */
export function useDeleteEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `/api/events/${id}`);
    },
    onSuccess,
  });
}
