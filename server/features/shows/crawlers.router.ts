import express from "express";
import { SIGNED_IN_PATHS, SIGNED_OUT_PATHS, isMembersOnlyRoute } from "@shared/routes";
import type { AppConfig } from "../../config";
import { escapeHtml } from "../../lib/page-head";
import { publicCacheControl } from "../../lib/read-caches";
import type { ShowsService } from "./shows.service";
import { showPageUrl } from "./show-text";

/**
 * What search engines may read: every page, but not the API, the sign-in provider, invoices'
 * private links or the members' pages (a crawler would only see the sign-in prompt there).
 * A Disallow line is a prefix; one that would also cover a public page ("/ar" and "/artists")
 * ends with "$" to mean that path alone (RFC 9309). No "Allow: /": everything not disallowed is
 * allowed anyway, and a crawler that takes the first matching line (not the longest, as RFC 9309
 * says) would read it as allowing /api/ and /pay/ too.
 */
export function robotsTxt(appUrl: string): string {
  const members = SIGNED_IN_PATHS.filter((path) => isMembersOnlyRoute(path));
  const covers = (path: string) => SIGNED_OUT_PATHS.some((open) => open !== path && open.startsWith(path));
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /oidc/",
    "Disallow: /pay/",
    ...members.map((path) => `Disallow: ${path}${covers(path) ? "$" : ""}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** The public pages and every upcoming show's page (docs/decisions/018-show-pages.md on lastmod). */
export function sitemapXml(appUrl: string, showIds: string[]): string {
  const urls = [...SIGNED_OUT_PATHS.map((path) => `${appUrl}${path}`), ...showIds.map((id) => showPageUrl(appUrl, id))];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
}

/** GET /robots.txt and GET /sitemap.xml, outside /api: no session, answered before the client's fallback. */
export function createCrawlersRouter(shows: ShowsService, config: Pick<AppConfig, "appUrl" | "cdn">) {
  const router = express.Router({ caseSensitive: true });
  const cacheControl = publicCacheControl(config).browsers;
  const robots = robotsTxt(config.appUrl);

  // Vary is set before the body, so the 304 Express answers for a matching ETag carries it like
  // the 200 (RFC 9110 §15.4.5); the compression middleware adds it only where it sees a body.
  router.get("/robots.txt", (_req, res) => {
    res.setHeader("Cache-Control", cacheControl);
    res.vary("Accept-Encoding");
    res.type("text/plain; charset=utf-8").send(robots);
  });

  router.get("/sitemap.xml", async (_req, res) => {
    const { shows: upcoming } = await shows.upcoming();
    res.setHeader("Cache-Control", cacheControl);
    res.vary("Accept-Encoding");
    res.type("application/xml; charset=utf-8").send(
      sitemapXml(
        config.appUrl,
        upcoming.map((show) => show.id),
      ),
    );
  });

  return router;
}
