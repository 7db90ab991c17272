import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { CHECK_IN_SUMMARY_POLL_MS, type checkInsContract, type CheckInRequest } from "@shared/check-ins";
import { checkInFiles, checkInsApi } from "@shared/check-ins.api";
import { apiClient, pathOf } from "@/lib/api-client";

const api = apiClient<typeof checkInsContract>(checkInsApi);
/** The door shows a failed scan in its answer panel, not as a toast. */
const OWN_ERROR_TOAST = { ownErrorToast: true };

// The counts are read again every few seconds while shown: several doors admit people at
// once, and the figure on each screen should follow them (docs/product.md, "Check-in").

/** One event's door counts (administrators). */
export const checkInSummaryQuery = (eventId: string) =>
  queryOptions({ ...api.summary.query({ params: { id: eventId } }), refetchInterval: CHECK_IN_SUMMARY_POLL_MS });

/** Every event's counts in one call (administrators). */
export const checkInSummariesQuery = queryOptions({
  ...api.summaries.query(),
  refetchInterval: CHECK_IN_SUMMARY_POLL_MS,
});

/** Orders whose buyer's e-mail starts with `query` (administrators). */
export const checkInSearchQuery = (query: string, eventId: string | null) =>
  queryOptions({
    ...api.search.query({ query: { q: query, eventId: eventId ?? undefined } }),
    enabled: query.trim() !== "",
  });

/** The download link of an event's attendee list. */
export const attendeesCsvUrl = (eventId: string) => pathOf(checkInFiles.attendees, { id: eventId });

/** Administrators; an admission changes the counts and the search results. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  const summaries = api.summaries.key();
  const search = api.search.key();
  return useMutation({
    mutationFn: (body: CheckInRequest) => api.checkIn({ body }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          [summaries, search].some((prefix) => prefix.every((part, index) => queryKey[index] === part)) ||
          (queryKey[0] === summaries[0] && queryKey[2] === "check-in-summary"),
      }),
    meta: OWN_ERROR_TOAST,
  });
}
