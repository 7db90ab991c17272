import { route } from "./api-route";

/**
 * Shipping zones and per-item rates. The zones are public (the checkout lists the countries the
 * shop ships to); every write, and an item's rates, are for administrators. Their schemas are in
 * shared/shipping.ts.
 */
export const shippingApi = {
  listZones: route("GET", "/api/shipping/zones", "public"),
  setZones: route("PUT", "/api/shipping/zones", "admin"),
  listRates: route("GET", "/api/merchandise/:id/shipping", "admin"),
  setRates: route("PUT", "/api/merchandise/:id/shipping", "admin"),
};
