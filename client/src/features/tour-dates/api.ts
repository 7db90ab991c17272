import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { eventsContract } from "@shared/events";
import { eventsApi } from "@shared/events.api";
import type { showsContract } from "@shared/shows.contract";
import { showsApi } from "@shared/shows.api";
import type { InsertTourDateInput, tourDatesContract } from "@shared/tour-dates";
import { tourDatesApi } from "@shared/tour-dates.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof tourDatesContract>(tourDatesApi);
const events = apiClient<typeof eventsContract>(eventsApi);
const shows = apiClient<typeof showsContract>(showsApi);

/** The management page shows the product's own failure texts (components/management.tsx). */
const MANAGED = { ownErrorToast: true };

/** Every tour date (public), soonest first (date, then time). */
export const tourDatesQuery = api.list.query();

/** The events a show can sell tickets for (the admin's events list). */
export const linkableEventsQuery = events.list.query();

/**
 * A tour date is a show too: its page, the landing, the archive and the vendor counts (under
 * the tour dates' key) follow.
 */
function useInvalidateTourDates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: api.list.key() }),
      queryClient.invalidateQueries({ queryKey: shows.upcoming.key() }),
    ]);
}

/** Adds a tour date (admin); answers the created row. */
export function useCreateTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: (body: InsertTourDateInput) => api.create({ body }),
    onSuccess,
    meta: MANAGED,
  });
}

/** Replaces a tour date (admin): every field, as in the create form. */
export function useUpdateTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: InsertTourDateInput }) => api.update({ params: { id }, body: data }),
    onSuccess,
    meta: MANAGED,
  });
}

/** Deletes a tour date (admin); 409 while it has paid or held vendor bookings. */
export function useDeleteTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSuccess,
    meta: MANAGED,
  });
}
