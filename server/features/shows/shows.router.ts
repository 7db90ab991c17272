import express, { type Response } from "express";
import type { z } from "zod";
import { SHOWS_FEED_PATH } from "@shared/shows";
import { showFiles, showsApi } from "@shared/shows.api";
import { showsContract, type showDetailSchema, type showSummarySchema } from "@shared/shows.contract";
import type { AppConfig } from "../../config";
import { contractRouter, servedByCache, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import { publicCacheControl, type ReadCaches } from "../../lib/read-caches";
import type { RouteSets } from "../../lib/route-sets";
import { hasCalendarEntry, renderShowsCalendar } from "./show-calendar";
import { canonicalShowId, SHOW_NOT_FOUND, type ShowsService } from "./shows.service";

const FEED = underApi(SHOWS_FEED_PATH);
/** The 404 of a show's .ics when its date is free text (docs/product.md, "Shows"). */
export const SHOW_WITHOUT_DATE = "This show has no date a calendar can hold yet";
const DETAIL = underApi(showsApi.detail.path);
/** The routes app.ts treats specially (lib/route-sets.ts): the lists and the feed skip the session. */
export const showsRouteSets: RouteSets = {
  publicReads: [underApi(showsApi.upcoming.path), underApi(showsApi.past.path), FEED, DETAIL],
};

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
  const upcomingCache = readCaches.publicList("shows", ["tour_dates"]);
  const pastCache = readCaches.publicList("shows-past", ["tour_dates"]);
  const detailCache = readCaches.publicKeyed("show", ["tour_dates", "events", "tour_date_vendor_slots"]);
  const cacheControl = publicCacheControl(config).browsers;

  router.get(FEED, async (_req, res) => {
    const { shows: list, labelName } = await shows.feed();
    sendCalendar(res, "shows.ics", renderShowsCalendar(list, { appUrl: config.appUrl, labelName }), cacheControl);
  });

  // Before "/shows/:id", which would take "<id>.ics" as an id.
  router.get(underApi(showFiles.show.path), async (req, res) => {
    const facts = await shows.facts(String(req.params.id));
    if (!facts) throw HttpError.notFound(SHOW_NOT_FOUND);
    // An empty VCALENDAR would "succeed" in a calendar app and add nothing, with no word why.
    if (!hasCalendarEntry(facts.show)) throw HttpError.notFound(SHOW_WITHOUT_DATE);
    const text = renderShowsCalendar([facts.show], { appUrl: config.appUrl, labelName: facts.labelName });
    sendCalendar(res, `show-${facts.show.id}.ics`, text, cacheControl);
  });

  // Each show page fetches this; a copy per show, dropped by any change to a show, an event
  // (ticket stock) or vendor slots, and ending when one of its shows does.
  const detail = detailCache.serveExpiring(
    // One copy per show however its id is spelt; ids that name no show share the empty key,
    // which never keeps a copy (the load answers 404).
    (req) => canonicalShowId(String(req.params.id)) ?? "",
    async (id) => {
      const { detail, expiresAt } = await shows.detail(id);
      return { value: detail satisfies z.input<typeof showDetailSchema>, expiresAt };
    },
    (id) => DETAIL.replace(":id", id),
  );

  // After the feeds: "/shows/:id" would take "<id>.ics" as an id.
  router.use(
    contractRouter(showsContract, {
      // Every landing and vendor-booking visit reads the list; a copy also ends when a listed
      // show does, at midnight at its venue (lib/read-cache.ts, ExpiringValue).
      upcoming: servedByCache(
        upcomingCache.serveExpiring(async () => {
          const { shows: list, expiresAt } = await shows.upcoming();
          return { value: list satisfies z.input<typeof showSummarySchema>[], expiresAt };
        }),
      ),
      past: servedByCache(
        pastCache.serveExpiring(async () => {
          const { shows: list, expiresAt } = await shows.past();
          return { value: list satisfies z.input<typeof showSummarySchema>[], expiresAt };
        }),
      ),
      detail: servedByCache(detail),
    }),
  );

  return router;
}
