import express from "express";
import { insertTourDateSchema } from "@shared/tour-dates";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createReadCache } from "../../lib/read-cache";
import { createTourDatesRepository } from "./tour-dates.repository";
import { createTourDatesService } from "./tour-dates.service";

/** SPEC.md §7: the list is public (landing, vendor booking); writes are for administrators. */
export function createTourDatesRouter({ db, config }: AppContext) {
  const service = createTourDatesService(createTourDatesRepository(db));
  const router = express.Router();
  // Every landing visit reads this list; see lib/read-cache.ts.
  const listCache = createReadCache(config.readCacheTtlMs);

  router.get("/tour-dates", listCache.serve(() => service.list()));

  router.post("/tour-dates", requireAdmin, validate({ body: insertTourDateSchema }), async (req, res) => {
    const created = await service.create(req.body);
    listCache.invalidate();
    res.status(201).json(created);
  });

  router.put("/tour-dates/:id", requireAdmin, validateId(), validate({ body: insertTourDateSchema }), async (req, res) => {
    const updated = await service.update(req.params.id as string, req.body);
    listCache.invalidate();
    res.json(updated);
  });

  router.delete("/tour-dates/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    listCache.invalidate();
    res.status(204).end();
  });

  return router;
}
