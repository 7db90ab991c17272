import { MutationCache, QueryClient } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "./api-request";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /**
       * What the toast says when the server's answer has no message of its own (a network
       * failure, a 502 page): the product's words for this change, such as "Failed to purchase
       * tickets". Without it, DEFAULT_ERROR_MESSAGE.
       */
      errorFallback?: string;
      /**
       * The mutation shows its failure itself, because what it shows is not the server's message:
       * a text the product fixes (the management pages' "Failed to create tour date"), an answer
       * panel instead of a toast (the door's check-in), or the payment helpers' own toasts. Each
       * use says which, beside it (docs/decisions/047-one-error-channel.md).
       */
      ownErrorToast?: boolean;
    };
  }
}

/** Shown when a failed change's answer carries no message of its own (a network failure, a 502 page). */
export const DEFAULT_ERROR_MESSAGE = "Something went wrong. Please try again.";

/**
 * The one place a failed change reaches people: a red "Error" toast with the server's message
 * (docs/product.md, "Errors"), else the mutation's `errorFallback`, unless the mutation says it
 * shows its own. A 400's `fieldErrors` go beside the form's fields as well (lib/form-errors.ts).
 * Components write no `onError` toast of their own (docs/decisions/047-one-error-channel.md).
 */
export function showMutationError(error: unknown, fallback = DEFAULT_ERROR_MESSAGE) {
  toast({ title: "Error", description: errorMessage(error, fallback), variant: "destructive" });
}

/**
 * The product's fixed defaults: no retries, no timed or focus refetch, never stale. Data is
 * read again only when a write invalidates it (and LIVE NOW, which polls on its own).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.ownErrorToast) showMutationError(error, mutation.meta?.errorFallback);
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
