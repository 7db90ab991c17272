import { liveStreamsApi } from "@shared/live-streams.api";
import { liveStreamsContract } from "@shared/live-streams";
import type { AppContext } from "../../context";
import { contractRouter, listWrites, fromCache, underApi } from "../../lib/contract-router";
import type { ReadCaches } from "../../lib/read-caches";
import { createLiveStreamsRepository } from "./live-streams.repository";
import { createLiveStreamsService } from "./live-streams.service";
import type { RouteSets } from "../../lib/route-sets";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const liveStreamsRouteSets: RouteSets = { publicReads: [underApi(liveStreamsApi.current.path)] };

/** The current stream is public (the landing's LIVE NOW block); management is for administrators. */
export function createLiveStreamsRouter({ db }: AppContext, readCaches: ReadCaches) {
  const service = createLiveStreamsService(createLiveStreamsRepository(db));

  // The landing polls this (LIVE NOW); lib/read-cache.ts.
  const current = readCaches.publicList("live-streams-current", ["live_streams"]);

  return contractRouter(liveStreamsContract, {
    current: fromCache(current, () => service.current()),
    list: async () => ({ status: 200, body: await service.list() }),
    ...listWrites(service, () => current.invalidate()),
  });
}
