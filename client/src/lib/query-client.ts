import { QueryClient, type QueryFunction } from "@tanstack/react-query";
import { throwIfResNotOk } from "./api-request";

export type UnauthorizedBehavior = "returnNull" | "throw";

/** The default fetch: GET the query key's parts joined with "/" (see lib/query-keys.ts). */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: "throw" }): QueryFunction<T>;
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) {
      // Read to the end all the same: an answer nobody reads keeps its connection busy (and,
      // with no-store, the browser never marks the request finished).
      await res.text();
      return null;
    }
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The product's fixed defaults: no retries, no timed or focus refetch, never stale. Data is
 * read again only when a write invalidates it (and LIVE NOW, which polls on its own).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
