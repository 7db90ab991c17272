import { route } from "./api-route";

/**
 * The merchandise routes: the items on sale are public (the landing, the store), the full list
 * and every write are for administrators. Their schemas: merchandiseContract in
 * shared/merchandise.ts.
 */
export const merchandiseApi = {
  listAvailable: route("GET", "/api/merchandise", "public"),
  listAll: route("GET", "/api/merchandise/all", "admin"),
  create: route("POST", "/api/merchandise", "admin"),
  update: route("PATCH", "/api/merchandise/:id", "admin"),
  remove: route("DELETE", "/api/merchandise/:id", "admin"),
};
