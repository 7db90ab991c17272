import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminLiveStream, InsertLiveStreamInput, UpdateLiveStreamInput } from "@shared/live-streams";
import { apiRequest } from "@/lib/api-request";
import { CURRENT_LIVE_STREAM_QUERY_KEY, LIVE_STREAMS_QUERY_KEY } from "@/lib/query-keys";

/**
 * GET /api/live-streams (admin): every stream, newest first. Stream keys are write-only:
 * rows carry `platforms` booleans instead.
 */
export const liveStreamsQuery = queryOptions<AdminLiveStream[]>({ queryKey: LIVE_STREAMS_QUERY_KEY });

export function useLiveStreams() {
  return useQuery(liveStreamsQuery);
}

/** Every write may change what the landing's LIVE NOW shows, so that answer refreshes too. */
function useInvalidateLiveStreams() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: LIVE_STREAMS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CURRENT_LIVE_STREAM_QUERY_KEY }),
    ]);
}

/** POST /api/live-streams (admin). Creating one as "live" ends the stream that was live. */
export function useCreateLiveStream() {
  const onSuccess = useInvalidateLiveStreams();
  return useMutation({
    mutationFn: async (values: InsertLiveStreamInput): Promise<AdminLiveStream> =>
      (await apiRequest("POST", "/api/live-streams", values)).json(),
    onSuccess,
  });
}

/**
 * PATCH /api/live-streams/{id} (admin). Status "live" stamps startedAt and ends any other
 * live stream; "ended" stamps endedAt. A key sent as "" is cleared; a key left out is kept.
 */
export function useUpdateLiveStream() {
  const onSuccess = useInvalidateLiveStreams();
  return useMutation({
    mutationFn: async ({ id, data }: { id: string; data: UpdateLiveStreamInput }): Promise<AdminLiveStream> =>
      (await apiRequest("PATCH", `/api/live-streams/${id}`, data)).json(),
    onSuccess,
  });
}

/** DELETE /api/live-streams/{id} (admin). */
export function useDeleteLiveStream() {
  const onSuccess = useInvalidateLiveStreams();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `/api/live-streams/${id}`);
    },
    onSuccess,
  });
}
