import { route } from "./api-route";

/**
 * Shows, the public side of tour dates: the lists and one show's page. Their schemas:
 * showsContract in shared/shows.contract.ts. The calendar feeds are files (shared/shows.ts).
 */
export const showsApi = {
  upcoming: route("GET", "/api/shows", "public"),
  past: route("GET", "/api/shows/past", "public"),
  detail: route("GET", "/api/shows/:id", "public"),
};
