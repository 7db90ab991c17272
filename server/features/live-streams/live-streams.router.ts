import express from "express";
import { insertLiveStreamSchema, updateLiveStreamSchema } from "@shared/live-streams";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createLiveStreamsRepository } from "./live-streams.repository";
import { createLiveStreamsService } from "./live-streams.service";

/** The current stream is public (the landing's LIVE NOW block); management is for administrators. */
export function createLiveStreamsRouter({ db }: AppContext) {
  const service = createLiveStreamsService(createLiveStreamsRepository(db));
  const router = express.Router();

  router.get("/live-streams/current", async (_req, res) => {
    res.json(await service.current());
  });

  router.get("/live-streams", requireAdmin, async (_req, res) => {
    res.json(await service.list());
  });

  router.post("/live-streams", requireAdmin, validate({ body: insertLiveStreamSchema }), async (req, res) => {
    res.status(201).json(await service.create(req.body));
  });

  router.patch("/live-streams/:id", requireAdmin, validateId(), validate({ body: updateLiveStreamSchema }), async (req, res) => {
    res.json(await service.update(req.params.id as string, req.body));
  });

  router.delete("/live-streams/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    res.status(204).end();
  });

  return router;
}
