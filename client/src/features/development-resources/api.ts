import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  developmentResourcesContract,
  InsertDevelopmentResourceInput,
  ResourceCategory,
  UpdateDevelopmentResourceInput,
} from "@shared/development-resources";
import { developmentResourcesApi } from "@shared/development-resources.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof developmentResourcesContract>(developmentResourcesApi);

/** The management page shows the product's own failure texts (components/management.tsx). */
const MANAGED = { ownErrorToast: true };

/** Published resources, of one category or all (the Artist Development tabs). */
export function developmentResourcesQuery(category?: ResourceCategory) {
  return api.listPublished.query({ query: { category } });
}

/** Every resource, drafts included (administrators). */
export const allDevelopmentResourcesQuery = api.listAll.query();

/** Every write can change what members see under any tab; every list sits under this key. */
function useInvalidateResources() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: api.listPublished.key() });
}

export function useCreateDevelopmentResource() {
  return useMutation({
    mutationFn: (body: InsertDevelopmentResourceInput) => api.create({ body }),
    onSuccess: useInvalidateResources(),
    meta: MANAGED,
  });
}

export function useUpdateDevelopmentResource() {
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: UpdateDevelopmentResourceInput }) =>
      api.update({ params: { id }, body: data }),
    onSuccess: useInvalidateResources(),
    meta: MANAGED,
  });
}

export function useDeleteDevelopmentResource() {
  return useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSuccess: useInvalidateResources(),
    meta: MANAGED,
  });
}
