import { featuredArtistsApi } from "@shared/featured-artists.api";
import { featuredArtistsContract } from "@shared/featured-artists";
import type { AppContext } from "../../context";
import { contractRouter, listWrites, fromCache, underApi } from "../../lib/contract-router";
import type { ReadCaches } from "../../lib/read-caches";
import type { RouteSets } from "../../lib/route-sets";
import { createFeaturedArtistsRepository } from "./featured-artists.repository";
import { createFeaturedArtistsService } from "./featured-artists.service";

/** The routes app.ts treats specially (lib/route-sets.ts): the public reads skip the session. */
export const featuredArtistsRouteSets: RouteSets = {
  publicReads: [featuredArtistsApi.list.path, featuredArtistsApi.active.path].map(underApi),
};

/** Reads are public (landing, gallery); writes are for administrators (docs/product.md, "Sign-in and roles"). */
export function createFeaturedArtistsRouter({ db }: AppContext, readCaches: ReadCaches) {
  const service = createFeaturedArtistsService(createFeaturedArtistsRepository(db));

  // The landing and the gallery read these on every visit (lib/read-cache.ts).
  const list = readCaches.publicList("featured-artists", ["featured_artists"]);
  const active = readCaches.publicList("featured-artists-active", ["featured_artists"]);
  const dropCopies = () => (list.invalidate(), active.invalidate());

  return contractRouter(featuredArtistsContract, {
    list: fromCache(list, () => service.list()),
    active: fromCache(active, () => service.findActive()),
    ...listWrites(service, dropCopies),
  });
}
