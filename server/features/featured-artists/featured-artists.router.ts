import express from "express";
import { insertFeaturedArtistSchema, updateFeaturedArtistSchema, type FeaturedArtist } from "@shared/featured-artists";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import type { ReadCaches } from "../../lib/read-caches";
import { createFeaturedArtistsRepository } from "./featured-artists.repository";
import { createFeaturedArtistsService } from "./featured-artists.service";
import type { RouteSets } from "../../lib/route-sets";

const LIST = "/featured-artists";
const ACTIVE = "/featured-artists/active";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const featuredArtistsRouteSets: RouteSets = { publicReads: [LIST, ACTIVE] };

/** Reads are public (landing, gallery); writes are for administrators (docs/product.md, "Sign-in and roles"). */
export function createFeaturedArtistsRouter({ db }: AppContext, readCaches: ReadCaches) {
  const service = createFeaturedArtistsService(createFeaturedArtistsRepository(db));
  const router = express.Router({ caseSensitive: true });

  // The landing and the gallery read these on every visit (lib/read-cache.ts).
  const list = readCaches.publicList("featured-artists", ["featured_artists"]);
  const active = readCaches.publicList("featured-artists-active", ["featured_artists"]);
  const dropCopies = () => (list.invalidate(), active.invalidate());

  router.get(
    LIST,
    list.serve(async () => (await service.list()) satisfies FeaturedArtist[]),
  );

  router.get(
    ACTIVE,
    active.serve(async () => (await service.findActive()) satisfies FeaturedArtist | null),
  );

  router.post("/featured-artists", requireAdmin, validate({ body: insertFeaturedArtistSchema }), async (req, res) => {
    const created = await service.create(req.body);
    dropCopies();
    res.status(201).json(created satisfies FeaturedArtist);
  });

  router.patch(
    "/featured-artists/:id",
    requireAdmin,
    validateId(),
    validate({ body: updateFeaturedArtistSchema }),
    async (req, res) => {
      const updated = await service.update(req.params.id as string, req.body);
      dropCopies();
      res.json(updated satisfies FeaturedArtist);
    },
  );

  router.delete("/featured-artists/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    dropCopies();
    res.status(204).end();
  });

  return router;
}
