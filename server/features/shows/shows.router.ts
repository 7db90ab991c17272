import express, { type Response } from "express";
import type { ShowDetail, ShowSummary } from "@shared/shows";
import type { AppConfig } from "../../config";
import { HttpError } from "../../lib/http-error";
import { publicCacheControl, type ReadCaches } from "../../lib/read-caches";
import type { RouteSets } from "../../lib/route-sets";
import { renderShowsCalendar } from "./show-calendar";
import { canonicalShowId, SHOW_NOT_FOUND, type ShowsService } from "./shows.service";

const LIST = "/shows";
const PAST = "/shows/past";
/** SHOWS_FEED_PATH below /api. */
const FEED = "/shows.ics";
const DETAIL = "/shows/:id";
/** The routes app.ts treats specially (lib/route-sets.ts): the lists and the feed skip the session. */
export const showsRouteSets: RouteSets = { publicReads: [LIST, PAST, FEED, DETAIL] };

function sendCalendar(res: Response, filename: string, text: string, cacheControl: string) {
  res.setHeader("Cache-Control", cacheControl);
  // Also on the 304 Express answers for a matching ETag, which compression never sees (RFC 9110 §15.4.5).
  res.vary("Accept-Encoding");
  res.setHeader("Content-Disposition", `inline; filename="${filename}"`);
  res.type("text/calendar; charset=utf-8").send(text);
}

/**
 * docs/product.md "Shows": the public lists, one show, and the calendar feeds. A malformed id
 * names no show, like an unknown one: 404 "Show not found" (the service checks it).
 */
export function createShowsRouter(
  shows: ShowsService,
  { readCaches, config }: { readCaches: ReadCaches; config: Pick<AppConfig, "appUrl" | "cdn"> },
) {
  const router = express.Router({ caseSensitive: true });
  // Every landing and vendor-booking visit reads the list; a copy also ends when a listed
  // show does, at midnight at its venue (lib/read-cache.ts, ExpiringValue).
  const upcomingCache = readCaches.publicList("shows", ["tour_dates"]);
  const pastCache = readCaches.publicList("shows-past", ["tour_dates"]);
  const detailCache = readCaches.publicKeyed("show", ["tour_dates", "events", "tour_date_vendor_slots"]);
  const cacheControl = publicCacheControl(config).browsers;

  router.get(
    LIST,
    upcomingCache.serveExpiring(async () => {
      const { shows: list, expiresAt } = await shows.upcoming();
      return { value: list satisfies ShowSummary[], expiresAt };
    }),
  );

  router.get(
    PAST,
    pastCache.serveExpiring(async () => {
      const { shows: list, expiresAt } = await shows.past();
      return { value: list satisfies ShowSummary[], expiresAt };
    }),
  );

  router.get(FEED, async (_req, res) => {
    const { shows: list, labelName } = await shows.feed();
    sendCalendar(res, "shows.ics", renderShowsCalendar(list, { appUrl: config.appUrl, labelName }), cacheControl);
  });

  // Before "/shows/:id", which would take "<id>.ics" as an id.
  router.get("/shows/:id.ics", async (req, res) => {
    const facts = await shows.facts(req.params.id as string);
    if (!facts) throw HttpError.notFound(SHOW_NOT_FOUND);
    const text = renderShowsCalendar([facts.show], { appUrl: config.appUrl, labelName: facts.labelName });
    sendCalendar(res, `show-${facts.show.id}.ics`, text, cacheControl);
  });

  // Each show page fetches this; a copy per show, dropped by any change to a show, an event
  // (ticket stock) or vendor slots, and ending when one of its shows does.
  router.get(
    DETAIL,
    detailCache.serveExpiring(
      // One copy per show however its id is spelt; ids that name no show share the empty key,
      // which never keeps a copy (the load answers 404).
      (req) => canonicalShowId(String(req.params.id)) ?? "",
      async (id) => {
        const { detail, expiresAt } = await shows.detail(id);
        return { value: detail satisfies ShowDetail, expiresAt };
      },
      (id) => DETAIL.replace(":id", id),
    ),
  );

  return router;
}
