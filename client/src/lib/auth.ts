import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/query-client";
import type { CurrentUser } from "@shared/users";
import { CURRENT_USER_QUERY_KEY } from "@/lib/query-keys";

/** A user in the answer means signed in; a 401 means signed out (null). */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
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
