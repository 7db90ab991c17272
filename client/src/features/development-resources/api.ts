import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  DevelopmentResourceResponse,
  InsertDevelopmentResourceInput,
  ResourceCategory,
  UpdateDevelopmentResourceInput,
} from "@shared/development-resources";
import { apiRequest } from "@/lib/api-request";
import { ALL_DEVELOPMENT_RESOURCES_QUERY_KEY, DEVELOPMENT_RESOURCES_QUERY_KEY } from "@/lib/query-keys";

/**
 * GET /api/development-resources[?category=] (published only). The category is a query
 * parameter, not a path part, so this query builds its own URL. A failed load
 * is an error reading 'status: statusText'.
 */
export function developmentResourcesQuery(category?: ResourceCategory) {
  return queryOptions({
    queryKey: category ? [...DEVELOPMENT_RESOURCES_QUERY_KEY, category] : DEVELOPMENT_RESOURCES_QUERY_KEY,
    queryFn: async ({ signal }): Promise<DevelopmentResourceResponse[]> => {
      const query = category ? `?${new URLSearchParams({ category })}` : "";
      const res = await fetch(`${DEVELOPMENT_RESOURCES_QUERY_KEY[0]}${query}`, { credentials: "include", signal });
      if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
      return res.json();
    },
  });
}

/** GET /api/development-resources/all (admin): drafts included. */
export const allDevelopmentResourcesQuery = queryOptions<DevelopmentResourceResponse[]>({
  queryKey: ALL_DEVELOPMENT_RESOURCES_QUERY_KEY,
});

/** Every write can change what members see under any tab, so both lists refresh. */
function useInvalidateResources() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DEVELOPMENT_RESOURCES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ALL_DEVELOPMENT_RESOURCES_QUERY_KEY }),
    ]);
}

export function useCreateDevelopmentResource() {
  const onSuccess = useInvalidateResources();
  return useMutation({
    mutationFn: async (values: InsertDevelopmentResourceInput): Promise<DevelopmentResourceResponse> =>
      (await apiRequest("POST", "/api/development-resources", values)).json(),
    onSuccess,
  });
}

export function useUpdateDevelopmentResource() {
  const onSuccess = useInvalidateResources();
  return useMutation({
    mutationFn: async ({
      id,
      data,
    }: {
      id: string;
      data: UpdateDevelopmentResourceInput;
    }): Promise<DevelopmentResourceResponse> =>
      (await apiRequest("PATCH", `/api/development-resources/${id}`, data)).json(),
    onSuccess,
  });
}

export function useDeleteDevelopmentResource() {
  const onSuccess = useInvalidateResources();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await apiRequest("DELETE", `/api/development-resources/${id}`);
    },
    onSuccess,
  });
}
