import { royaltyCatalogueContract } from "@shared/royalty-catalogue";
import { contractRouter } from "../../lib/contract-router";
import type { RoyaltyCatalogueService } from "./royalty-catalogue.service";

/** The royalty catalogue, payees, splits and advances (admins; docs/product.md, "Royalties"). */
export function createRoyaltyCatalogueRouter(service: RoyaltyCatalogueService) {
  return contractRouter(royaltyCatalogueContract, {
    listReleases: async ({ query }) => ({ status: 200, body: await service.listReleases(query.q || undefined) }),
    createRelease: async ({ body }) => ({ status: 201, body: await service.createRelease(body) }),
    getRelease: async ({ params }) => ({ status: 200, body: await service.getRelease(params.id) }),
    updateRelease: async ({ params, body }) => ({ status: 200, body: await service.updateRelease(params.id, body) }),
    getSplits: async ({ params }) => ({ status: 200, body: await service.splits(params.id) }),
    setReleaseSplits: async ({ params, body }) => ({
      status: 200,
      body: await service.setReleaseSplits(params.id, body),
    }),
    setTrackSplits: async ({ params, body }) => ({ status: 200, body: await service.setTrackSplits(params.id, body) }),
    listPayees: async ({ query }) => ({ status: 200, body: await service.listPayees(query.q || undefined) }),
    createPayee: async ({ body }) => ({ status: 201, body: await service.createPayee(body) }),
    getPayee: async ({ params }) => ({ status: 200, body: await service.getPayee(params.id) }),
    updatePayee: async ({ params, body }) => ({ status: 200, body: await service.updatePayee(params.id, body) }),
    listAdvances: async ({ params }) => ({ status: 200, body: await service.listAdvances(params.id) }),
    createAdvance: async ({ params, body }) => ({ status: 201, body: await service.createAdvance(params.id, body) }),
  });
}
