import express from "express";
import { insertMerchandiseSchema, updateMerchandiseSchema } from "@shared/merchandise";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createMerchandiseRepository } from "./merchandise.repository";
import { createMerchandiseService } from "./merchandise.service";

/** SPEC.md §7: the available items are public; the full list and writes are for administrators. */
export function createMerchandiseRouter({ db }: AppContext) {
  const service = createMerchandiseService(createMerchandiseRepository(db));
  const router = express.Router();

  router.get("/merchandise", async (_req, res) => {
    res.json(await service.listAvailable());
  });

  router.get("/merchandise/all", requireAdmin, async (_req, res) => {
    res.json(await service.listAll());
  });

  router.post("/merchandise", requireAdmin, validate({ body: insertMerchandiseSchema }), async (req, res) => {
    res.status(201).json(await service.create(req.body));
  });

  router.patch("/merchandise/:id", requireAdmin, validateId(), validate({ body: updateMerchandiseSchema }), async (req, res) => {
    res.json(await service.update(req.params.id as string, req.body));
  });

  router.delete("/merchandise/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    res.status(204).end();
  });

  return router;
}
