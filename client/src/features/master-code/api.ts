import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EnterMasterCode, masterCodeContract } from "@shared/master-code";
import { masterCodeApi } from "@shared/master-code.api";
import { apiClient } from "@/lib/api-client";
import { currentUserQuery } from "@/lib/auth";

const api = apiClient<typeof masterCodeContract>(masterCodeApi);

/**
 * 200 with the promoted user, 403 wrong code, 429 locked, 404 when no master code is
 * configured. Success refreshes the current user everywhere. The dialog shows a failure beside
 * its field, so the default error toast stays away.
 */
export function useEnterMasterCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EnterMasterCode) => api.enter({ body }),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      return queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
    meta: { ownErrorToast: true },
  });
}
