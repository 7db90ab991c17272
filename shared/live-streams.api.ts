import { route } from "./api-route";

/**
 * The live streams' routes: the current one is public (the landing's LIVE NOW), management is
 * for administrators. Their schemas: liveStreamsContract in shared/live-streams.ts.
 */
export const liveStreamsApi = {
  current: route("GET", "/api/live-streams/current", "public"),
  list: route("GET", "/api/live-streams", "admin"),
  create: route("POST", "/api/live-streams", "admin"),
  update: route("PATCH", "/api/live-streams/:id", "admin"),
  remove: route("DELETE", "/api/live-streams/:id", "admin"),
};
