import type { ReactElement, ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { SidebarTooltipsReady } from "./sidebar-tooltips-ready";

// Loaded lazily by sidebar.tsx: tooltips only show on the collapsed desktop sidebar.

/** Holds the tooltips of the collapsed sidebar (700 ms delay, 300 ms skip window between them). */
export function SidebarTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <SidebarTooltipsReady.Provider value={true}>{children}</SidebarTooltipsReady.Provider>
    </TooltipProvider>
  );
}

/** A collapsed sidebar entry's label, beside its icon on hover or focus. */
export function SidebarTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {label}
      </TooltipContent>
    </Tooltip>
  );
}
