import { fileRoute, route } from "./api-route";

/** The admin outbox's routes. Their schemas: outboxContract in shared/outbox.ts. */
export const outboxApi = {
  list: route("GET", "/api/outbox", "admin"),
  status: route("GET", "/api/outbox/status", "admin"),
  detail: route("GET", "/api/outbox/:id", "admin"),
  resend: route("POST", "/api/outbox/:id/resend", "admin"),
};

/** A message's attachment, always a download (not JSON). */
export const outboxFiles = {
  attachment: fileRoute("/api/outbox/:id/attachments/:index", "admin", {
    summary: "One attachment of a message, as it was sent",
    mediaTypes: ["application/pdf", "text/calendar", "image/png"],
  }),
};
