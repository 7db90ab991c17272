import express from "express";
import {
  developmentResourceQuerySchema,
  insertDevelopmentResourceSchema,
  updateDevelopmentResourceSchema,
  type DevelopmentResource,
} from "@shared/development-resources";
import type { AppContext } from "../../context";
import { requireAdmin, requireUser } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createDevelopmentResourcesRepository } from "./development-resources.repository";
import { createDevelopmentResourcesService } from "./development-resources.service";

const BASE = "/development-resources";

/** Published resources for members (docs/product.md "Artist development"); management for administrators ("Resources"). */
export function createDevelopmentResourcesRouter(ctx: AppContext) {
  const service = createDevelopmentResourcesService(createDevelopmentResourcesRepository(ctx.db));
  const router = express.Router({ caseSensitive: true });

  router.get(BASE, requireUser, validate({ query: developmentResourceQuerySchema }), async (_req, res) => {
    res.json((await service.listPublished(res.locals.query.category)) satisfies DevelopmentResource[]);
  });

  router.get(`${BASE}/all`, requireAdmin, async (_req, res) => {
    res.json((await service.listAll()) satisfies DevelopmentResource[]);
  });

  router.post(BASE, requireAdmin, validate({ body: insertDevelopmentResourceSchema }), async (req, res) => {
    res.status(201).json((await service.create(req.body)) satisfies DevelopmentResource);
  });

  router.patch(
    `${BASE}/:id`,
    requireAdmin,
    validateId(),
    validate({ body: updateDevelopmentResourceSchema }),
    async (req, res) => {
      res.json((await service.update(req.params.id as string, req.body)) satisfies DevelopmentResource);
    },
  );

  router.delete(`${BASE}/:id`, requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    res.status(204).end();
  });

  return router;
}
