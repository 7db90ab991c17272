import { fileRoute, route } from "./api-route";

/**
 * Checking tickets at the door: administrators only. Their schemas: checkInsContract in
 * shared/check-ins.ts.
 */
export const checkInsApi = {
  checkIn: route("POST", "/api/check-ins", "admin"),
  search: route("GET", "/api/check-ins/search", "admin"),
  summaries: route("GET", "/api/events/check-in-summaries", "admin"),
  summary: route("GET", "/api/events/:id/check-in-summary", "admin"),
};

/** An event's attendee list: a CSV download, not JSON. */
export const checkInFiles = {
  attendees: fileRoute("/api/events/:id/attendees.csv", "admin", {
    summary: "The event's attendee list, one line per ticket",
  }),
};
