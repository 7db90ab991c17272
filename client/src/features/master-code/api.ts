import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { CURRENT_USER_QUERY_KEY, type CurrentUser } from "@/lib/auth";
import { apiRequest } from "@/lib/api-request";

/** GET /api/config: runtime settings; only whether a master code is configured is read here. */
export type AppConfig = { masterCodeEnabled: boolean };

export const appConfigQuery = queryOptions<AppConfig>({ queryKey: ["/api/config"] });

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
