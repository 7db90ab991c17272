// The landing's public LIVE NOW query, apart from api.ts (the admin's list and writes) so the
// landing's first load does not carry the management code.
import { useQuery } from "@tanstack/react-query";
import { LIVE_STREAM_POLL_MS } from "@shared/constants";
import type { liveStreamsContract } from "@shared/live-streams";
import { liveStreamsApi } from "@shared/live-streams.api";
import { apiClient } from "@/lib/api-client";
import { appConfigQuery } from "@/lib/app-config";

const api = apiClient<typeof liveStreamsContract>(liveStreamsApi);

/** The live stream, else the latest one, else null. */
export const currentLiveStreamQuery = api.current.query();

/**
 * The only query the client refreshes on a timer, so LIVE NOW appears and disappears without
 * a reload. The interval is the product's 30 s unless the server's configuration shortens it
 * (tests set LIVE_STREAM_POLL_MS); it only polls while the tab is visible.
 */
export function useCurrentLiveStream() {
  const { data: config } = useQuery(appConfigQuery);
  const interval = config?.liveStreamPollMs ?? LIVE_STREAM_POLL_MS;
  return useQuery({ ...currentLiveStreamQuery, refetchInterval: interval });
}
