import { fileRoute, route } from "./api-route";

/**
 * Shows, the public side of tour dates: the lists and one show's page. Their schemas:
 * showsContract in shared/shows.contract.ts.
 */
export const showsApi = {
  upcoming: route("GET", "/api/shows", "public"),
  past: route("GET", "/api/shows/past", "public"),
  detail: route("GET", "/api/shows/:id", "public"),
};

/** The calendar feeds: iCalendar files, not JSON. */
export const showFiles = {
  feed: fileRoute("/api/shows.ics", "public", {
    summary: "Every upcoming show, as iCalendar (subscribe with webcal://)",
  }),
  show: fileRoute("/api/shows/:id.ics", "public", { summary: "One show as iCalendar" }),
};
