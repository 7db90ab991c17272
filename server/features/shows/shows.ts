import type { AppContext } from "../../context";
import type { ReadCaches } from "../../lib/read-caches";
import type { ShowsServiceDependencies } from "./shows.service";
import { createShowsService } from "./shows.service";
import { createShowsRepository } from "./shows.repository";
import { createShowsRouter } from "./shows.router";
import { createCrawlersRouter } from "./crawlers.router";
import { showPage } from "./show-page";

export { showsRouteSets } from "./shows.router";

/**
 * The public side of tour dates (docs/product.md, "Shows"): `api` under /api, `page` on
 * SHOW_PAGE_ROUTE before the client is served, `crawlers` (robots.txt, sitemap.xml) at the root.
 */
export function createShowsFeature(
  { db, config }: AppContext,
  deps: { readCaches: ReadCaches; vendorSlots: ShowsServiceDependencies["vendorSlots"] },
) {
  const service = createShowsService({
    repository: createShowsRepository(db),
    defaultTimeZone: config.shows.defaultTimeZone,
    vendorSlots: deps.vendorSlots,
  });
  return {
    api: createShowsRouter(service, { readCaches: deps.readCaches, config }),
    page: showPage(service, config.appUrl),
    crawlers: createCrawlersRouter(service, config),
  };
}
