import express from "express";
import { insertEventSchema, updateEventSchema } from "@shared/events";
import type { AppContext } from "../../context";
import { requireAdmin, requireUser } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
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
  const router = express.Router({ caseSensitive: true });

  router.get(
    "/events",
    requireUser,
    // The list also changes by the clock: an event moves among the past ones when its day ends
    // at its venue, and the copy is never served past that moment.
    listCache.serveExpiring(() => service.list()),
  );

  router.post("/events", requireAdmin, validate({ body: insertEventSchema }), async (req, res) => {
    const created = await service.create(req.body);
    listCache.invalidate();
    res.status(201).json(created);
  });

  router.patch("/events/:id", requireAdmin, validateId(), validate({ body: updateEventSchema }), async (req, res) => {
    const updated = await service.update(req.params.id as string, req.body);
    listCache.invalidate();
    res.json(updated);
  });

  router.delete("/events/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    listCache.invalidate();
    res.status(204).end();
  });

  return router;
}
