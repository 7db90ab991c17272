import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CHECK_IN_SUMMARY_POLL_MS,
  type CheckInRequest,
  type CheckInResponse,
  type CheckInSearchResponse,
  type CheckInSummaryResponse,
} from "@shared/check-ins";
import { apiRequest } from "@/lib/api-request";
import {
  CHECK_IN_SEARCH_QUERY_KEY,
  CHECK_IN_SUMMARIES_QUERY_KEY,
  checkInSearchQueryKey,
  checkInSummaryQueryKey,
} from "@/lib/query-keys";

// The counts are read again every few seconds while shown: several doors admit people at
// once, and the figure on each screen should follow them (docs/product.md, "Check-in").

/** GET /api/events/{id}/check-in-summary (admin). */
export const checkInSummaryQuery = (eventId: string) =>
  queryOptions<CheckInSummaryResponse>({
    queryKey: checkInSummaryQueryKey(eventId),
    refetchInterval: CHECK_IN_SUMMARY_POLL_MS,
  });

/** GET /api/events/check-in-summaries (admin): every event's counts in one call. */
export const checkInSummariesQuery = queryOptions<CheckInSummaryResponse[]>({
  queryKey: CHECK_IN_SUMMARIES_QUERY_KEY,
  refetchInterval: CHECK_IN_SUMMARY_POLL_MS,
});

/** GET /api/check-ins/search (admin): orders whose buyer's e-mail starts with `query`. */
export const checkInSearchQuery = (query: string, eventId: string | null) =>
  queryOptions<CheckInSearchResponse>({
    queryKey: checkInSearchQueryKey(query, eventId),
    enabled: query.trim() !== "",
  });

/** The download link of an event's attendee list. */
export const attendeesCsvUrl = (eventId: string) => `/api/events/${eventId}/attendees.csv`;

/** POST /api/check-ins (admin); an admission changes the counts and the search results. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CheckInRequest): Promise<CheckInResponse> =>
      (await apiRequest("POST", "/api/check-ins", body)).json(),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === CHECK_IN_SUMMARIES_QUERY_KEY[0] ||
          queryKey[2] === "check-in-summary" ||
          String(queryKey[0]).startsWith(CHECK_IN_SEARCH_QUERY_KEY[0]),
      }),
  });
}
