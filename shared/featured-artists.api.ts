import { route } from "./api-route";

/**
 * The featured artists' routes: reads are public (the landing, the gallery), writes are for
 * administrators. Their schemas: featuredArtistsContract in shared/featured-artists.ts.
 */
export const featuredArtistsApi = {
  list: route("GET", "/api/featured-artists", "public"),
  active: route("GET", "/api/featured-artists/active", "public"),
  create: route("POST", "/api/featured-artists", "admin"),
  update: route("PATCH", "/api/featured-artists/:id", "admin"),
  remove: route("DELETE", "/api/featured-artists/:id", "admin"),
};
