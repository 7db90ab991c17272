import { fileRoute, route } from "./api-route";

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

/**
 * The link in a back-in-stock sign-up's confirmation e-mail: opened by the browser, it answers
 * a small page in plain words, not JSON (docs/product.md, "Shop").
 */
export const merchandiseStockFiles = {
  confirm: fileRoute("/api/merchandise/stock-requests/confirm/:token", "public", {
    summary: "Confirms a back-in-stock sign-up from its e-mailed link, answering a short page",
    mediaTypes: ["text/html"],
  }),
};
