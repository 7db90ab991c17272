import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateRoyaltyPeriod, RecordPayout, royaltyStatementsContract } from "@shared/royalty-statements";
import { royaltyStatementsApi } from "@shared/royalty-statements.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof royaltyStatementsContract>(royaltyStatementsApi);

export const royaltyPeriodsQuery = api.listPeriods.query();

export function usePeriodStatements(periodId: string) {
  return useQuery(api.periodStatements.query({ params: { id: periodId } }));
}

/** Any change to a period or a statement refreshes the periods and every statements table. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: api.listPeriods.key() });
}

export function useCreatePeriod() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateRoyaltyPeriod) => api.createPeriod({ body }), onSuccess: refresh });
}

/** Its 409 (lines to assign first) is shown beside the period, in the server's words. */
export function useClosePeriod() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.closePeriod({ params: { id } }),
    onSuccess: refresh,
    meta: { ownErrorToast: true },
  });
}

export function useAddPlatformIncome() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.addPlatformIncome({ params: { id } }), onSuccess: refresh });
}

export function useRecordPayout(statementId: string, periodId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPayout) => api.recordPayout({ params: { id: statementId }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: api.periodStatements.key({ params: { id: periodId } }) }),
  });
}
