import express from "express";
import { insertMerchandiseSchema, updateMerchandiseSchema } from "@shared/merchandise";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createReadCache } from "../../lib/read-cache";
import { createMerchandiseRepository } from "./merchandise.repository";
import { createMerchandiseService } from "./merchandise.service";

/** SPEC.md §7: the available items are public; the full list and writes are for administrators. */
export function createMerchandiseRouter({ db, config }: AppContext) {
  const service = createMerchandiseService(createMerchandiseRepository(db));
  const router = express.Router();
  // The landing reads this on every visit; stock sold through checkout shows within a second.
  const publicList = createReadCache(config.readCacheTtlMs);

  router.get("/merchandise", publicList.serve(() => service.listAvailable()));

  router.get("/merchandise/all", requireAdmin, async (_req, res) => {
    res.json(await service.listAll());
  });

  router.post("/merchandise", requireAdmin, validate({ body: insertMerchandiseSchema }), async (req, res) => {
    const created = await service.create(req.body);
    publicList.invalidate();
    res.status(201).json(created);
  });

  router.patch("/merchandise/:id", requireAdmin, validateId(), validate({ body: updateMerchandiseSchema }), async (req, res) => {
    const updated = await service.update(req.params.id as string, req.body);
    publicList.invalidate();
    res.json(updated);
  });

  router.delete("/merchandise/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    publicList.invalidate();
    res.status(204).end();
  });

  return router;
}
