import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EventResponse } from "@shared/events";
import type { InsertTourDate, TourDateResponse } from "@shared/tour-dates";
import { apiRequest } from "@/lib/api-request";
import { EVENTS_QUERY_KEY, SHOWS_QUERY_KEY, TOUR_DATES_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/tour-dates: public, soonest first (date, then time). */
export const tourDatesQuery = queryOptions<TourDateResponse[]>({ queryKey: TOUR_DATES_QUERY_KEY });

/** GET /api/events: the events a show can sell tickets for (the admin's events list). */
export const linkableEventsQuery = queryOptions<EventResponse[]>({ queryKey: EVENTS_QUERY_KEY });

/** A tour date is a show too: its page, the landing, the archive and the vendor counts follow. */
function useInvalidateTourDates() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TOUR_DATES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SHOWS_QUERY_KEY }),
    ]);
}

/** POST /api/tour-dates (admin); answers the created row. */
export function useCreateTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: async (values: InsertTourDate): Promise<TourDateResponse> =>
      (await apiRequest("POST", "/api/tour-dates", values)).json(),
    onSuccess,
  });
}

/** PUT /api/tour-dates/{id} (admin): every field, as in the create form. */
export function useUpdateTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: async ({ id, data }: { id: string; data: InsertTourDate }): Promise<TourDateResponse> =>
      (await apiRequest("PUT", `/api/tour-dates/${id}`, data)).json(),
    onSuccess,
  });
}

/** DELETE /api/tour-dates/{id} (admin); 409 while it has paid or held vendor bookings. */
export function useDeleteTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `/api/tour-dates/${id}`);
    },
    onSuccess,
  });
}
