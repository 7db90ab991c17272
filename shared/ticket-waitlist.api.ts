import { fileRoute, route } from "./api-route";

/**
 * A sold-out event's waiting list: anyone joins and leaves (by the e-mailed token);
 * administrators list, offer and remove. Their schemas: ticketWaitlistContract in
 * shared/ticket-waitlist.ts.
 */
export const ticketWaitlistApi = {
  join: route("POST", "/api/events/:id/waitlist", "public"),
  leave: route("DELETE", "/api/waitlist/:token", "public"),
  list: route("GET", "/api/events/:id/waitlist", "admin"),
  offer: route("POST", "/api/waitlist-entries/:id/offer", "admin"),
  remove: route("DELETE", "/api/waitlist-entries/:id", "admin"),
};

export const ticketWaitlistFiles = {
  csv: fileRoute("/api/events/:id/waitlist.csv", "admin", { summary: "An event's waiting list as CSV" }),
};
