import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsertLiveStreamInput, liveStreamsContract, UpdateLiveStreamInput } from "@shared/live-streams";
import { liveStreamsApi } from "@shared/live-streams.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof liveStreamsContract>(liveStreamsApi);

/** The management page shows the product's own failure texts (components/management.tsx). */
const MANAGED = { ownErrorToast: true };

/**
 * Every stream (admin), newest first. Stream keys are write-only: rows carry `platforms`
 * booleans instead.
 */
export const liveStreamsQuery = api.list.query();

export function useLiveStreams() {
  return useQuery(liveStreamsQuery);
}

/**
 * Every write may change what the landing's LIVE NOW shows; that answer sits under the list's
 * key, so it refreshes too.
 */
function useInvalidateLiveStreams() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: api.list.key() });
}

/** Creating one as "live" ends the stream that was live. */
export function useCreateLiveStream() {
  const onSuccess = useInvalidateLiveStreams();
  return useMutation({
    mutationFn: (body: InsertLiveStreamInput) => api.create({ body }),
    onSuccess,
    meta: MANAGED,
  });
}

/**
 * Status "live" stamps startedAt and ends any other live stream; "ended" stamps endedAt. A key
 * sent as "" is cleared; a key left out is kept.
 */
export function useUpdateLiveStream() {
  const onSuccess = useInvalidateLiveStreams();
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateLiveStreamInput }) =>
      api.update({ params: { id }, body: data }),
    onSuccess,
    meta: MANAGED,
  });
}

export function useDeleteLiveStream() {
  const onSuccess = useInvalidateLiveStreams();
  return useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSuccess,
    meta: MANAGED,
  });
}
