// A show is a tour date as the public sees it: its own page (/shows/{id}), calendar feeds and
// the lists on the landing, the vendor-booking page and the artist gallery's archive.
// Types only, plus the paths: the pages that show shows download no schema code (the
// schemas and the contract are in shared/shows.contract.ts).

import { showFiles } from "./shows.api";

export const SHOW_PAGE_ROUTE = "/shows/:id";
export const showPagePath = (id: string) => `/shows/${encodeURIComponent(id)}`;
/** Every upcoming show, as iCalendar (subscribe with webcal://). */
export const SHOWS_FEED_PATH = showFiles.feed.path;
export const showFeedPath = (id: string) => `/api/shows/${encodeURIComponent(id)}.ics`;

export type { ShowDetail, ShowSummary, ShowTickets } from "./shows.contract";
