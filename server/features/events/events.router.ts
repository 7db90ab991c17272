import { eventsContract } from "@shared/events";
import type { AppContext } from "../../context";
import { contractRouter, listWrites, fromExpiringCache } from "../../lib/contract-router";
import type { ReadCache } from "../../lib/read-cache";
import { createEventsRepository } from "./events.repository";
import { createEventsService } from "./events.service";

/**
 * The list is for signed-in members (docs/product.md, "Tickets"); managing events is for administrators.
 * `listCache` is shared with ticket purchases, which drop it too (see features/index.ts).
 */
export function createEventsRouter({ db, config }: AppContext, listCache: ReadCache) {
  const service = createEventsService(
    createEventsRepository(db, config.shows.defaultTimeZone),
    config.shows.defaultTimeZone,
  );

  return contractRouter(eventsContract, {
    // The list also changes by the clock: an event moves among the past ones when its day ends
    // at its venue, and the copy is never served past that moment.
    list: fromExpiringCache(listCache, () => service.list()),
    ...listWrites(service, () => listCache.invalidate()),
  });
}
