import type { ResourceCategory } from "@shared/development-resources";

/** "marketing" → "Marketing" for badges, tabs and selects. */
export function titleCase(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The Artist Development tabs, in order; "all" lists every category. */
export const RESOURCE_TABS: readonly { value: "all" | ResourceCategory; label: string }[] = [
  { value: "all", label: "All Resources" },
  { value: "marketing", label: "Marketing" },
  { value: "production", label: "Production" },
  { value: "legal", label: "Legal" },
  { value: "performance", label: "Performance" },
];
