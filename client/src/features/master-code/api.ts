import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-request";
import type { CurrentUser } from "@shared/users";
import { CURRENT_USER_QUERY_KEY } from "@/lib/query-keys";

/**
 * POST /api/auth/master-code: 200 with the promoted user, 403 wrong code, 429 locked,
 * 404 when no master code is configured. Success refreshes the current user everywhere.
 */
export function useEnterMasterCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (await (await apiRequest("POST", "/api/auth/master-code", { code })).json()) as CurrentUser,
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      return queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
}
