import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateLabel } from "@shared/users";
import { apiRequest } from "@/lib/api-request";
import type { CurrentUser } from "@shared/users";
import { CURRENT_USER_QUERY_KEY } from "@/lib/query-keys";

/** PUT /api/user/label; the home header reads the refreshed current user. */
export function useUpdateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: UpdateLabel): Promise<CurrentUser> =>
      (await apiRequest("PUT", "/api/user/label", label)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
    // The form says it in the product's words ("Failed to update label settings" when the
    // server gives no message), so the default error toast stays away.
    meta: { ownErrorToast: true },
  });
}
