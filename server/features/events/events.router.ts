import express from "express";
import { insertEventSchema, updateEventSchema } from "@shared/events";
import type { AppContext } from "../../context";
import { requireAdmin, requireUser } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createEventsRepository } from "./events.repository";
import { createEventsService } from "./events.service";

/** The list is for signed-in members (SPEC.md 2.7); managing events is for administrators. */
export function createEventsRouter({ db }: AppContext) {
  const service = createEventsService(createEventsRepository(db));
  const router = express.Router();

  router.get("/events", requireUser, async (_req, res) => {
    res.json(await service.list());
  });

  router.post("/events", requireAdmin, validate({ body: insertEventSchema }), async (req, res) => {
    res.status(201).json(await service.create(req.body));
  });

  router.patch("/events/:id", requireAdmin, validateId(), validate({ body: updateEventSchema }), async (req, res) => {
    res.json(await service.update(req.params.id as string, req.body));
  });

  router.delete("/events/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    res.status(204).end();
  });

  return router;
}
