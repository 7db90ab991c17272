import express from "express";
import { insertTourDateSchema, type TourDateResponse } from "@shared/tour-dates";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import type { ReadCaches } from "../../lib/read-caches";
import { createTourDatesRepository } from "./tour-dates.repository";
import { createTourDatesService } from "./tour-dates.service";
import type { RouteSets } from "../../lib/route-sets";

const LIST = "/tour-dates";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const tourDatesRouteSets: RouteSets = { publicReads: [LIST] };

/** docs/product.md "API": the list is public (landing, vendor booking); writes are for administrators. */
export function createTourDatesRouter({ db, config }: AppContext, readCaches: ReadCaches) {
  const service = createTourDatesService(createTourDatesRepository(db), config.shows);
  const router = express.Router({ caseSensitive: true });
  // Every landing visit reads this list; see lib/read-cache.ts. It also shows each date's slot
  // capacities (tour_date_vendor_slots), which change only together with a write of the tour
  // date's own row, so "tour_dates" announces them too; bookings (which change `taken` all the
  // time) leave the list alone.
  const listCache = readCaches.publicList("tour-dates", ["tour_dates"]);

  router.get(
    LIST,
    listCache.serve(async () => (await service.list()) satisfies TourDateResponse[]),
  );

  router.post("/tour-dates", requireAdmin, validate({ body: insertTourDateSchema }), async (req, res) => {
    const created = await service.create(req.body);
    listCache.invalidate();
    res.status(201).json(created satisfies TourDateResponse);
  });

  router.put(
    "/tour-dates/:id",
    requireAdmin,
    validateId(),
    validate({ body: insertTourDateSchema }),
    async (req, res) => {
      const updated = await service.update(req.params.id as string, req.body);
      listCache.invalidate();
      res.json(updated satisfies TourDateResponse);
    },
  );

  router.delete("/tour-dates/:id", requireAdmin, validateId(), async (req, res) => {
    await service.remove(req.params.id as string);
    listCache.invalidate();
    res.status(204).end();
  });

  return router;
}
