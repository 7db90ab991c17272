import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdvanceInput, PayeeFormValues, royaltyCatalogueContract } from "@shared/royalty-catalogue";
import { royaltyCatalogueApi } from "@shared/royalty-catalogue.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof royaltyCatalogueContract>(royaltyCatalogueApi);

export function usePayees(q: string) {
  return useQuery({
    ...api.listPayees.query({ query: { q: q.trim() || undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function usePayee(id: string | null) {
  return useQuery({ ...api.getPayee.query({ params: { id: id ?? "" } }), enabled: id !== null });
}

export function useSavePayee(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayeeFormValues) => (id ? api.updatePayee({ params: { id }, body }) : api.createPayee({ body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.listPayees.key() }),
    meta: { errorFallback: "Failed to save the payee" },
  });
}

export function useAddAdvance(payeeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdvanceInput) => api.createAdvance({ params: { id: payeeId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.getPayee.key({ params: { id: payeeId } }) }),
    meta: { errorFallback: "Failed to add the advance" },
  });
}
