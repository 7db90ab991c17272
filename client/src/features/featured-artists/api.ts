import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  FeaturedArtistResponse,
  InsertFeaturedArtistInput,
  UpdateFeaturedArtistInput,
} from "@shared/featured-artists";
import { apiRequest } from "@/lib/api-request";
import { ACTIVE_FEATURED_ARTIST_QUERY_KEY, FEATURED_ARTISTS_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/featured-artists: public, newest first (the gallery). */
export const featuredArtistsQuery = queryOptions<FeaturedArtistResponse[]>({ queryKey: FEATURED_ARTISTS_QUERY_KEY });

/** GET /api/featured-artists/active: the Artist of the Month, or null when none is active. */
export const activeFeaturedArtistQuery = queryOptions<FeaturedArtistResponse | null>({
  queryKey: ACTIVE_FEATURED_ARTIST_QUERY_KEY,
});

export function useFeaturedArtists() {
  return useQuery(featuredArtistsQuery);
}

export function useActiveFeaturedArtist() {
  return useQuery(activeFeaturedArtistQuery);
}

/** Activating one artist deactivates the others, so every write refreshes both answers. */
function useInvalidateFeaturedArtists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: FEATURED_ARTISTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ACTIVE_FEATURED_ARTIST_QUERY_KEY }),
    ]);
}

/** POST /api/featured-artists (admin); isActive: 1 makes it the only active artist. */
export function useCreateFeaturedArtist() {
  const onSuccess = useInvalidateFeaturedArtists();
  return useMutation({
    mutationFn: async (values: InsertFeaturedArtistInput): Promise<FeaturedArtistResponse> =>
      (await apiRequest("POST", "/api/featured-artists", values)).json(),
    onSuccess,
  });
}

/** PATCH /api/featured-artists/{id} (admin): only the fields sent change; "" clears a link. */
export function useUpdateFeaturedArtist() {
  const onSuccess = useInvalidateFeaturedArtists();
  return useMutation({
    mutationFn: async ({
      id,
      data,
    }: {
      id: string;
      data: UpdateFeaturedArtistInput;
    }): Promise<FeaturedArtistResponse> => (await apiRequest("PATCH", `/api/featured-artists/${id}`, data)).json(),
    onSuccess,
  });
}

/** DELETE /api/featured-artists/{id} (admin). */
export function useDeleteFeaturedArtist() {
  const onSuccess = useInvalidateFeaturedArtists();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `/api/featured-artists/${id}`);
    },
    onSuccess,
  });
}
