import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { useToast } from "@/hooks/use-toast";
import { queryClient as defaultQueryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme";

const Toaster = lazy(async () => ({ default: (await import("@/components/ui/toaster")).Toaster }));

/**
 * The toast area (Radix's toast, its layers and collection) loads with the first toast, not
 * with every page: most visits raise none. A toast waits in the toast store until the area has
 * mounted, then shows; the area stays for the rest of the visit.
 */
function ToastArea() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

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
        <ToastArea />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
