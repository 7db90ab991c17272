import { route } from "./api-route";

/**
 * An item's page, its options and variants, and "tell me when it's back". Reading an item and
 * asking for a sold-out variant are open to anyone; the rest is for administrators. Their
 * schemas: merchandiseVariantsContract in shared/merchandise-variants.ts.
 */
export const merchandiseVariantsApi = {
  get: route("GET", "/api/merchandise/:id", "public"),
  setOptions: route("PUT", "/api/merchandise/:id/options", "admin"),
  updateVariant: route("PATCH", "/api/merchandise/variants/:variantId", "admin"),
  requestStock: route("POST", "/api/merchandise/variants/:variantId/stock-requests", "public"),
};
