import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** Announced loading state for lazy pages and pending data. */
export function PageLoading({ label = "Loading page…", className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground", className)}
    >
      <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
