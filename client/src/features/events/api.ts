import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { eventsContract, InsertEventInput, UpdateEvent } from "@shared/events";
import { eventsApi } from "@shared/events.api";
import type { showsContract } from "@shared/shows.contract";
import { showsApi } from "@shared/shows.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof eventsContract>(eventsApi);
/** Shows carry their linked event's price and tickets left. */
const shows = apiClient<typeof showsContract>(showsApi);

/** Every event (signed in): upcoming first, then past, completed and cancelled. */
export const eventsQuery = api.list.query();

/**
 * A show's page shows its linked event's price and ticket count, so shows follow events. Every
 * read about events (their orders, the door's counts) sits under the list's key.
 */
function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: api.list.key() }),
      queryClient.invalidateQueries({ queryKey: shows.upcoming.key() }),
    ]);
}

/** Administrators only; available tickets start at the total. */
export function useCreateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: (values: InsertEventInput) => api.create({ body: values }),
    onSuccess,
    meta: { errorFallback: "Failed to create event" },
  });
}

/** Administrators only; a new total moves the available tickets with it. */
export function useUpdateEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateEvent }) => api.update({ params: { id }, body: data }),
    onSuccess,
    meta: { errorFallback: "Failed to update event" },
  });
}

/** Administrators only; refused (409) while the event has ticket orders. */
export function useDeleteEvent() {
  const onSuccess = useInvalidateEvents();
  return useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSuccess,
    meta: { errorFallback: "Failed to delete event" },
  });
}
