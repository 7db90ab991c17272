import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** Decorative placeholder; announce loading with a role="status" element around it. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}
