import express from "express";
import {
  developmentResourceQuerySchema,
  insertDevelopmentResourceSchema,
  updateDevelopmentResourceSchema,
} from "@shared/development-resources";
import type { AppContext } from "../../context";
import { requireAdmin, requireUser } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createDevelopmentResourcesRepository } from "./development-resources.repository";
import { createDevelopmentResourcesService } from "./development-resources.service";

const BASE = "/development-resources";

/** SPEC.md §2.11 for members; management (issue 4, point 7) for administrators. */
export function createDevelopmentResourcesRouter(ctx: AppContext) {
  const service = createDevelopmentResourcesService(createDevelopmentResourcesRepository(ctx.db));
  const router = express.Router();

  router.get(BASE, requireUser, validate({ query: developmentResourceQuerySchema }), async (_req, res) => {
    res.json(await service.listPublished(res.locals.query.category));
  });

  router.get(`${BASE}/all`, requireAdmin, async (_req, res) => {
    res.json(await service.listAll());
  });

  router.post(BASE, requireAdmin, validate({ body: insertDevelopmentResourceSchema }), async (req, res) => {
    res.status(201).json(await service.create(req.body));
  });

  router.patch(`${BASE}/:id`, requireAdmin, validateId(), validate({ body: updateDevelopmentResourceSchema }), async (req, res) => {
    res.json(await service.update(req.params.id as string, req.body));
  });

  router.delete(`${BASE}/:id`, requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    res.status(204).end();
  });

  return router;
}
