import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsertMerchandiseInput, MerchandiseResponse, UpdateMerchandiseInput } from "@shared/merchandise";
import { apiRequest } from "@/lib/api-request";
import { ALL_MERCHANDISE_QUERY_KEY, MERCHANDISE_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/merchandise: public, available items only (the landing's grid). */
export const merchandiseQuery = queryOptions<MerchandiseResponse[]>({ queryKey: MERCHANDISE_QUERY_KEY });

/** GET /api/merchandise/all: every item, for the management page (admin). */
export const allMerchandiseQuery = queryOptions<MerchandiseResponse[]>({ queryKey: ALL_MERCHANDISE_QUERY_KEY });

export function useMerchandise() {
  return useQuery(merchandiseQuery);
}

export function useAllMerchandise() {
  return useQuery(allMerchandiseQuery);
}

/** Both lists show the same items, so every write refreshes both. */
function useInvalidateMerchandise() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MERCHANDISE_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ALL_MERCHANDISE_QUERY_KEY }),
    ]);
}

/** POST /api/merchandise (admin); price is a decimal string, stock and availability optional. */
export function useCreateMerchandise() {
  const onSuccess = useInvalidateMerchandise();
  return useMutation({
    mutationFn: async (values: InsertMerchandiseInput): Promise<MerchandiseResponse> =>
      (await apiRequest("POST", "/api/merchandise", values)).json(),
    onSuccess,
  });
}

/** PATCH /api/merchandise/{id} (admin): only the fields sent change. */
export function useUpdateMerchandise() {
  const onSuccess = useInvalidateMerchandise();
  return useMutation({
    mutationFn: async ({ id, data }: { id: string; data: UpdateMerchandiseInput }): Promise<MerchandiseResponse> =>
      (await apiRequest("PATCH", `/api/merchandise/${id}`, data)).json(),
    onSuccess,
  });
}

/** DELETE /api/merchandise/{id} (admin). */
export function useDeleteMerchandise() {
  const onSuccess = useInvalidateMerchandise();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `/api/merchandise/${id}`);
    },
    onSuccess,
  });
}
