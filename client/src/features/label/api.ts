import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { labelContract } from "@shared/label";
import { labelApi } from "@shared/label.api";
import type { UpdateLabelInput } from "@shared/users";
import { apiClient } from "@/lib/api-client";
import { currentUserQuery } from "@/lib/auth";

const api = apiClient<typeof labelContract>(labelApi);

/** Saves Label Settings; the home header reads the refreshed current user. */
export function useUpdateLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLabelInput) => api.update({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    meta: { errorFallback: "Failed to update label settings" },
  });
}
