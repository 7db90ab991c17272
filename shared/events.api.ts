import { route } from "./api-route";

/**
 * The events' routes: the list is for signed-in members (the tickets page), managing events for
 * administrators. Their schemas: eventsContract in shared/events.ts.
 */
export const eventsApi = {
  list: route("GET", "/api/events", "member"),
  create: route("POST", "/api/events", "admin"),
  update: route("PATCH", "/api/events/:id", "admin"),
  remove: route("DELETE", "/api/events/:id", "admin"),
};
