import { fileRoute, route } from "./api-route";

/**
 * Music submissions (docs/product.md, "Music Submissions"): members send and follow their own
 * tracks; administrators review them in the A&R inbox. Schemas: submissionsContract in
 * shared/submissions.ts.
 */
export const submissionsApi = {
  create: route("POST", "/api/submissions", "member"),
  mine: route("GET", "/api/submissions/my", "member"),
  mineOne: route("GET", "/api/submissions/my/:id", "member"),
  list: route("GET", "/api/submissions", "admin"),
  setStatus: route("POST", "/api/submissions/:id/status", "admin"),
  listReplies: route("GET", "/api/submission-replies", "admin"),
  createReply: route("POST", "/api/submission-replies", "admin"),
  removeReply: route("DELETE", "/api/submission-replies/:id", "admin"),
};

/**
 * A submission's audio, streamed with Range support for seeking. The short-lived signed link in
 * its `audioUrl` is the permission (handed only to its artist and administrators), so the
 * player's plain GET needs no session.
 */
export const submissionFiles = {
  audio: fileRoute("/api/submissions/:id/audio", "public", {
    summary: "A submission's audio, through the signed link in its audioUrl (403 once expired)",
    mediaTypes: ["audio/mpeg", "audio/wav", "audio/flac"],
    errors: [403, 416],
  }),
};
