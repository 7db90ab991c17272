import express from "express";
import {
  insertLiveStreamSchema,
  updateLiveStreamSchema,
  type PublicLiveStream,
  type AdminLiveStream,
} from "@shared/live-streams";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import type { ReadCaches } from "../../lib/read-caches";
import { createLiveStreamsRepository } from "./live-streams.repository";
import { createLiveStreamsService } from "./live-streams.service";
import type { RouteSets } from "../../lib/route-sets";

const CURRENT = "/live-streams/current";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const liveStreamsRouteSets: RouteSets = { publicReads: [CURRENT] };

/** The current stream is public (the landing's LIVE NOW block); management is for administrators. */
export function createLiveStreamsRouter({ db }: AppContext, readCaches: ReadCaches) {
  const service = createLiveStreamsService(createLiveStreamsRepository(db));
  const router = express.Router({ caseSensitive: true });

  // The landing polls this (LIVE NOW); lib/read-cache.ts.
  const current = readCaches.publicList("live-streams-current", ["live_streams"]);

  router.get(
    CURRENT,
    current.serve(async () => (await service.current()) satisfies PublicLiveStream | null),
  );

  router.get("/live-streams", requireAdmin, async (_req, res) => {
    res.json((await service.list()) satisfies AdminLiveStream[]);
  });

  router.post("/live-streams", requireAdmin, validate({ body: insertLiveStreamSchema }), async (req, res) => {
    const created = await service.create(req.body);
    current.invalidate();
    res.status(201).json(created satisfies AdminLiveStream);
  });

  router.patch(
    "/live-streams/:id",
    requireAdmin,
    validateId(),
    validate({ body: updateLiveStreamSchema }),
    async (req, res) => {
      const updated = await service.update(req.params.id as string, req.body);
      current.invalidate();
      res.json(updated satisfies AdminLiveStream);
    },
  );

  router.delete("/live-streams/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    current.invalidate();
    res.status(204).end();
  });

  return router;
}
