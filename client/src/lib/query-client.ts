import { MutationCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "./api-request";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * The mutation shows its own failure (a text the product fixes for it, such as the
       * management pages' "Failed to create tour date"), so the default toast stays away.
       */
      ownErrorToast?: boolean;
    };
  }
}

/** Shown when a failed change's answer carries no message of its own (a network failure, a 502 page). */
export const DEFAULT_ERROR_MESSAGE = "Something went wrong. Please try again.";

/**
 * The one place a failed change reaches people: a red "Error" toast with the server's message
 * (docs/product.md, "Errors"), unless the mutation says it shows its own. A 400's `fieldErrors`
 * go beside the form's fields as well (lib/form-errors.ts).
 */
export function showMutationError(error: unknown) {
  toast({ title: "Error", description: errorMessage(error, DEFAULT_ERROR_MESSAGE), variant: "destructive" });
}

/**
 * The product's fixed defaults: no retries, no timed or focus refetch, never stale. Data is
 * read again only when a write invalidates it (and LIVE NOW, which polls on its own).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.ownErrorToast) showMutationError(error);
      },
    }),
    defaultOptions: {
      queries: {
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
