import express from "express";
import { insertTourDateSchema } from "@shared/tour-dates";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createTourDatesRepository } from "./tour-dates.repository";
import { createTourDatesService } from "./tour-dates.service";

/** SPEC.md §7: the list is public (landing, vendor booking); writes are for administrators. */
export function createTourDatesRouter({ db }: AppContext) {
  const service = createTourDatesService(createTourDatesRepository(db));
  const router = express.Router();

  router.get("/tour-dates", async (_req, res) => {
    res.json(await service.list());
  });

  router.post("/tour-dates", requireAdmin, validate({ body: insertTourDateSchema }), async (req, res) => {
    res.status(201).json(await service.create(req.body));
  });

  router.put("/tour-dates/:id", requireAdmin, validateId(), validate({ body: insertTourDateSchema }), async (req, res) => {
    res.json(await service.update(req.params.id as string, req.body));
  });

  router.delete("/tour-dates/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    res.status(204).end();
  });

  return router;
}
