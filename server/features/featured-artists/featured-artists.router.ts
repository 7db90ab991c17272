import express from "express";
import { insertFeaturedArtistSchema, updateFeaturedArtistSchema } from "@shared/featured-artists";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createFeaturedArtistsRepository } from "./featured-artists.repository";
import { createFeaturedArtistsService } from "./featured-artists.service";

/** Reads are public (landing, gallery); writes are for administrators (ARCHITECTURE.md). */
export function createFeaturedArtistsRouter({ db }: AppContext) {
  const service = createFeaturedArtistsService(createFeaturedArtistsRepository(db));
  const router = express.Router();

  router.get("/featured-artists", async (_req, res) => {
    res.json(await service.list());
  });

  router.get("/featured-artists/active", async (_req, res) => {
    res.json(await service.findActive());
  });

  router.post("/featured-artists", requireAdmin, validate({ body: insertFeaturedArtistSchema }), async (req, res) => {
    res.status(201).json(await service.create(req.body));
  });

  router.patch(
    "/featured-artists/:id",
    requireAdmin,
    validateId(),
    validate({ body: updateFeaturedArtistSchema }),
    async (req, res) => {
      res.json(await service.update(req.params.id as string, req.body));
    },
  );

  router.delete("/featured-artists/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    res.status(204).end();
  });

  return router;
}
