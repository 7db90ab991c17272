import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { queryClient as defaultQueryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme";

// The toast area loads beside the first page, not in the landing's first-load script. A
// toast raised before it arrives waits in the toast store and shows when it mounts.
const Toaster = lazy(async () => ({ default: (await import("@/components/ui/toaster")).Toaster }));

/** Every app-wide context. Tests pass their own QueryClient so cached users never leak. */
export function Providers({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
