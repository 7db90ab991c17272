import type { storeContract } from "@shared/store";
import { storeApi } from "@shared/store.api";
import { apiClient } from "@/lib/api-client";

/**
 * The music store's published releases, read only when a member's saved cart has downloads to
 * describe: loaded on demand, so a member's every page does not carry the store's routes.
 */
export function releasesOnSale() {
  return apiClient<typeof storeContract>(storeApi).listReleases({ query: {} });
}
