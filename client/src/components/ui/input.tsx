import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const inputClassName =
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-background/60 px-3 py-2 text-base shadow-sm transition-colors placeholder:text-muted-foreground outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(inputClassName, className)} {...props} />;
}
