import { queryOptions } from "@tanstack/react-query";
import type { ShowDetail, ShowSummary } from "@shared/shows";
import { PAST_SHOWS_QUERY_KEY, SHOWS_QUERY_KEY, showQueryKey } from "@/lib/query-keys";

/** GET /api/shows: upcoming shows, soonest first (the landing's tour dates). */
export const upcomingShowsQuery = queryOptions<ShowSummary[]>({ queryKey: SHOWS_QUERY_KEY });

/** GET /api/shows/past: the archive, latest first (the artist gallery). */
export const pastShowsQuery = queryOptions<ShowSummary[]>({ queryKey: PAST_SHOWS_QUERY_KEY });

/** GET /api/shows/{id}: one show's page; 404 { message: "Show not found" } for an unknown id. */
export const showQuery = (id: string) => queryOptions<ShowDetail>({ queryKey: showQueryKey(id) });
