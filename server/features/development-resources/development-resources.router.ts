import { developmentResourcesContract } from "@shared/development-resources";
import type { AppContext } from "../../context";
import { contractRouter, listWrites } from "../../lib/contract-router";
import { createDevelopmentResourcesRepository } from "./development-resources.repository";
import { createDevelopmentResourcesService } from "./development-resources.service";

/** Published resources for members (docs/product.md "Artist development"); management for administrators ("Resources"). */
export function createDevelopmentResourcesRouter(ctx: AppContext) {
  const service = createDevelopmentResourcesService(createDevelopmentResourcesRepository(ctx.db));

  return contractRouter(developmentResourcesContract, {
    listPublished: async ({ query }) => ({ status: 200, body: await service.listPublished(query.category) }),
    listAll: async () => ({ status: 200, body: await service.listAll() }),
    ...listWrites(service),
  });
}
