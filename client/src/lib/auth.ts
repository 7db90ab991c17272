import { queryOptions, useQuery } from "@tanstack/react-query";
import type { authContract } from "@shared/auth";
import { authApi } from "@shared/auth.api";
import { apiClient } from "@/lib/api-client";
import { ApiError } from "@/lib/api-request";

const api = apiClient<typeof authContract>(authApi);

/** A user in the answer means signed in; a 401 means signed out (null). */
export const currentUserQuery = queryOptions({
  queryKey: api.currentUser.key(),
  queryFn: async ({ signal }) => {
    try {
      return await api.currentUser(undefined, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  retry: false,
});

export function useCurrentUser() {
  const { data, isLoading } = useQuery(currentUserQuery);
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    isAdmin: user?.role === "admin",
  };
}
