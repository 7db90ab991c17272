import { createContext } from "react";

/**
 * True inside the collapsed sidebar once its lazily loaded tooltip provider is there: entries
 * render their tooltips only then, never while the provider is still loading.
 */
export const SidebarTooltipsReady = createContext(false);
