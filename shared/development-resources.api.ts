import { route } from "./api-route";

/**
 * The development resources' routes: members read the published ones, administrators manage
 * them all. Their schemas: developmentResourcesContract in shared/development-resources.ts.
 */
export const developmentResourcesApi = {
  listPublished: route("GET", "/api/development-resources", "member"),
  listAll: route("GET", "/api/development-resources/all", "admin"),
  create: route("POST", "/api/development-resources", "admin"),
  update: route("PATCH", "/api/development-resources/:id", "admin"),
  remove: route("DELETE", "/api/development-resources/:id", "admin"),
};
