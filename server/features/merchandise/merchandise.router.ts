import express from "express";
import { insertMerchandiseSchema, updateMerchandiseSchema, type Merchandise } from "@shared/merchandise";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import type { ReadCaches } from "../../lib/read-caches";
import { createMerchandiseRepository } from "./merchandise.repository";
import { createMerchandiseService } from "./merchandise.service";
import type { RouteSets } from "../../lib/route-sets";

const AVAILABLE = "/merchandise";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const merchandiseRouteSets: RouteSets = { publicReads: [AVAILABLE] };

/** docs/product.md "API": the available items are public; the full list and writes are for administrators. */
export function createMerchandiseRouter({ db }: AppContext, readCaches: ReadCaches) {
  const service = createMerchandiseService(createMerchandiseRepository(db));
  const router = express.Router({ caseSensitive: true });
  // The landing reads this on every visit; stock sold through checkout changes the table, which
  // drops the copy on every instance (lib/read-cache.ts).
  const publicList = readCaches.publicList("merchandise", ["merchandise"]);

  router.get(
    AVAILABLE,
    publicList.serve(() => service.listAvailable()),
  );

  router.get("/merchandise/all", requireAdmin, async (_req, res) => {
    res.json((await service.listAll()) satisfies Merchandise[]);
  });

  router.post("/merchandise", requireAdmin, validate({ body: insertMerchandiseSchema }), async (req, res) => {
    const created = await service.create(req.body);
    publicList.invalidate();
    res.status(201).json(created satisfies Merchandise);
  });

  router.patch(
    "/merchandise/:id",
    requireAdmin,
    validateId(),
    validate({ body: updateMerchandiseSchema }),
    async (req, res) => {
      const updated = await service.update(req.params.id as string, req.body);
      publicList.invalidate();
      res.json(updated satisfies Merchandise);
    },
  );

  router.delete("/merchandise/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    publicList.invalidate();
    res.status(204).end();
  });

  return router;
}
