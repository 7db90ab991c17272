import { merchandiseApi } from "@shared/merchandise.api";
import { merchandiseContract } from "@shared/merchandise";
import type { AppContext } from "../../context";
import { contractRouter, fromCache, underApi } from "../../lib/contract-router";
import type { ReadCaches } from "../../lib/read-caches";
import type { RouteSets } from "../../lib/route-sets";
import { createMerchandiseRepository } from "./merchandise.repository";
import { createMerchandiseService } from "./merchandise.service";

/** The routes app.ts treats specially (lib/route-sets.ts): the public read skips the session. */
export const merchandiseRouteSets: RouteSets = { publicReads: [underApi(merchandiseApi.listAvailable.path)] };

/** docs/product.md "API": the available items are public; the full list and writes are for administrators. */
export function createMerchandiseRouter({ db }: AppContext, readCaches: ReadCaches) {
  const service = createMerchandiseService(createMerchandiseRepository(db));
  // The landing reads this on every visit; stock sold through checkout changes the table, which
  // drops the copy on every instance (lib/read-cache.ts).
  const publicList = readCaches.publicList("merchandise", ["merchandise"]);

  return contractRouter(merchandiseContract, {
    listAvailable: fromCache(publicList, () => service.listAvailable()),
    listAll: async () => ({ status: 200, body: await service.listAll() }),
    create: async ({ body }) => {
      const created = await service.create(body);
      publicList.invalidate();
      return { status: 201, body: created };
    },
    update: async ({ params, body }) => {
      const updated = await service.update(params.id, body);
      publicList.invalidate();
      return { status: 200, body: updated };
    },
    remove: async ({ params }) => {
      await service.remove(params.id);
      publicList.invalidate();
      return { status: 204 };
    },
  });
}
