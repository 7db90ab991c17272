import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsertTourDate, TourDateResponse } from "@shared/tour-dates";
import { apiRequest } from "@/lib/api-request";
import { TOUR_DATES_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/tour-dates: public, soonest first (date, then time). */
export const tourDatesQuery = queryOptions<TourDateResponse[]>({ queryKey: TOUR_DATES_QUERY_KEY });

export function useTourDates() {
  return useQuery(tourDatesQuery);
}

function useInvalidateTourDates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TOUR_DATES_QUERY_KEY });
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

/** PUT /api/tour-dates/{id} (admin): all four fields, as in the create form. */
export function useUpdateTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: async ({ id, data }: { id: string; data: InsertTourDate }): Promise<TourDateResponse> =>
      (await apiRequest("PUT", `/api/tour-dates/${id}`, data)).json(),
    onSuccess,
  });
}

/** DELETE /api/tour-dates/{id} (admin); the date's vendor bookings go with it. */
export function useDeleteTourDate() {
  const onSuccess = useInvalidateTourDates();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `/api/tour-dates/${id}`);
    },
    onSuccess,
  });
}
