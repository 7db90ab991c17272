import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  InsertMerchandiseInput,
  merchandiseContract,
  merchandiseVariantsContract,
  UpdateMerchandiseInput,
} from "@shared/merchandise";
import { merchandiseApi } from "@shared/merchandise.api";
import type { SetMerchandiseOptionsInput, UpdateMerchandiseVariantInput } from "@shared/merchandise-variants";
import { merchandiseVariantsApi } from "@shared/merchandise-variants.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof merchandiseContract>(merchandiseApi);
const variants = apiClient<typeof merchandiseVariantsContract>(merchandiseVariantsApi);

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

/** One item on sale with its options and variants (its page); 404 when unknown or not on sale. */
export const merchandiseItemQuery = (id: string) => variants.get.query({ params: { id } });

/**
 * Every read of items, lists and pages alike, sits under "/api/merchandise": a change to options
 * or variants refreshes them all.
 */
function useInvalidateItems() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: api.listAvailable.key() });
}

/** Replaces an item's options; answers its variants, one per combination. */
export function useSetMerchandiseOptions() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SetMerchandiseOptionsInput }) =>
      variants.setOptions({ params: { id }, body }),
    onSuccess: useInvalidateItems(),
  });
}

/** A variant's SKU, price (null: the item's) or stock. */
export function useUpdateMerchandiseVariant() {
  return useMutation({
    mutationFn: ({ variantId, body }: { variantId: string; body: UpdateMerchandiseVariantInput }) =>
      variants.updateVariant({ params: { variantId }, body }),
    onSuccess: useInvalidateItems(),
  });
}

/** "Tell me when it's back". */
export function useRequestStock() {
  return useMutation({
    mutationFn: ({ variantId, email }: { variantId: string; email: string }) =>
      variants.requestStock({ params: { variantId }, body: { email } }),
  });
}
