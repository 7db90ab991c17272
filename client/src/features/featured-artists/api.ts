import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  featuredArtistsContract,
  InsertFeaturedArtistInput,
  UpdateFeaturedArtistInput,
} from "@shared/featured-artists";
import { featuredArtistsApi } from "@shared/featured-artists.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof featuredArtistsContract>(featuredArtistsApi);

/** The management page shows the product's own failure texts (components/management.tsx). */
const MANAGED = { ownErrorToast: true };

/** Every featured artist, newest month first (the gallery, the management page). */
export const featuredArtistsQuery = api.list.query();

/** The Artist of the Month, or null when none is active (the landing). */
export const activeFeaturedArtistQuery = api.active.query();

export function useFeaturedArtists() {
  return useQuery(featuredArtistsQuery);
}

export function useActiveFeaturedArtist() {
  return useQuery(activeFeaturedArtistQuery);
}

/**
 * Activating one artist deactivates the others, so every write refreshes every read; they all
 * sit under the list's key.
 */
function useInvalidateFeaturedArtists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: api.list.key() });
}

/** isActive: 1 makes it the only active artist. */
export function useCreateFeaturedArtist() {
  return useMutation({
    mutationFn: (body: InsertFeaturedArtistInput) => api.create({ body }),
    onSuccess: useInvalidateFeaturedArtists(),
    meta: MANAGED,
  });
}

/** Only the fields sent change; "" clears a link. */
export function useUpdateFeaturedArtist() {
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateFeaturedArtistInput }) =>
      api.update({ params: { id }, body: data }),
    onSuccess: useInvalidateFeaturedArtists(),
    meta: MANAGED,
  });
}

export function useDeleteFeaturedArtist() {
  return useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSuccess: useInvalidateFeaturedArtists(),
    meta: MANAGED,
  });
}
