import { showsApi } from "@shared/shows.api";
import type { showsContract } from "@shared/shows.contract";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof showsContract>(showsApi);

/** Upcoming shows, soonest first (the landing's tour dates). */
export const upcomingShowsQuery = api.upcoming.query();

/** The archive, latest first (the artist gallery). */
export const pastShowsQuery = api.past.query();

/** One show's page; 404 { message: "Show not found" } for an unknown id. */
export const showQuery = (id: string) => api.detail.query({ params: { id } });
