import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReleaseFormValues, royaltyCatalogueContract, SplitsFormValues } from "@shared/royalty-catalogue";
import { royaltyCatalogueApi } from "@shared/royalty-catalogue.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof royaltyCatalogueContract>(royaltyCatalogueApi);

export function useReleases(q: string) {
  return useQuery({
    ...api.listReleases.query({ query: { q: q.trim() || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useReleaseSplits(releaseId: string | null) {
  return useQuery({ ...api.getSplits.query({ params: { id: releaseId ?? "" } }), enabled: releaseId !== null });
}

/** Every read of releases (lists, splits) sits under the list's key. */
function useRefreshReleases() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: api.listReleases.key() });
    void queryClient.invalidateQueries({ queryKey: api.listPayees.key() });
  };
}

export function useSaveRelease(id: string | null) {
  return useMutation({
    mutationFn: (body: ReleaseFormValues) =>
      id ? api.updateRelease({ params: { id }, body }) : api.createRelease({ body }),
    onSuccess: useRefreshReleases(),
    meta: { errorFallback: "Failed to save the release" },
  });
}

/** Saves a release's splits (`trackId` null) or one track's own. */
export function useSaveSplits(releaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, body }: { trackId: string | null; body: SplitsFormValues }) =>
      trackId
        ? api.setTrackSplits({ params: { id: trackId }, body })
        : api.setReleaseSplits({ params: { id: releaseId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(api.getSplits.key({ params: { id: releaseId } }), answer);
      void queryClient.invalidateQueries({ queryKey: api.listPayees.key() });
    },
    meta: { errorFallback: "Failed to save the splits" },
  });
}
