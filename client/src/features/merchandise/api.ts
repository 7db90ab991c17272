import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InsertMerchandiseInput, merchandiseContract, UpdateMerchandiseInput } from "@shared/merchandise";
import { merchandiseApi } from "@shared/merchandise.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof merchandiseContract>(merchandiseApi);

/** The management page shows the product's own failure texts (components/management.tsx). */
const MANAGED = { ownErrorToast: true };

/** The items on sale (the landing's grid, the store). */
export const merchandiseQuery = api.listAvailable.query();

/** Every item, for the management page (admin). */
export const allMerchandiseQuery = api.listAll.query();

export function useMerchandise() {
  return useQuery(merchandiseQuery);
}

export function useAllMerchandise() {
  return useQuery(allMerchandiseQuery);
}

/** Both lists show the same items, so every write refreshes both (the full list sits under this key). */
function useInvalidateMerchandise() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: api.listAvailable.key() });
}

/** Price is a decimal string; stock, availability and the per-order maximum are optional. */
export function useCreateMerchandise() {
  return useMutation({
    mutationFn: (body: InsertMerchandiseInput) => api.create({ body }),
    onSuccess: useInvalidateMerchandise(),
    meta: MANAGED,
  });
}

/** Only the fields sent change. */
export function useUpdateMerchandise() {
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateMerchandiseInput }) =>
      api.update({ params: { id }, body: data }),
    onSuccess: useInvalidateMerchandise(),
    meta: MANAGED,
  });
}

export function useDeleteMerchandise() {
  return useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSuccess: useInvalidateMerchandise(),
    meta: MANAGED,
  });
}
