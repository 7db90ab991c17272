import { route } from "./api-route";

/**
 * The tour dates' routes: reads are public (the landing, vendor booking), writes are for
 * administrators. Their schemas: tourDatesContract in shared/tour-dates.ts.
 */
export const tourDatesApi = {
  list: route("GET", "/api/tour-dates", "public"),
  create: route("POST", "/api/tour-dates", "admin"),
  update: route("PUT", "/api/tour-dates/:id", "admin"),
  remove: route("DELETE", "/api/tour-dates/:id", "admin"),
  vendorSlotsOf: route("GET", "/api/tour-dates/vendor-slots", "public"),
  vendorSlots: route("GET", "/api/tour-dates/:id/vendor-slots", "public"),
};
