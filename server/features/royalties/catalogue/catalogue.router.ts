import { royaltyCatalogueContract } from "@shared/royalty-catalogue";
import type { Database } from "../../../db/database";
import { contractRouter } from "../../../lib/contract-router";
import { createAdvance, getPayee, listAdvances, updatePayee } from "../payees/payees.service";
import { createPayee, listPayees } from "../payees/payees.repository";
import { listReleases } from "./releases.repository";
import { createRelease, getRelease, updateRelease } from "./releases.service";
import { getSplits, setReleaseSplits, setTrackSplits } from "./splits.service";

/** The royalty catalogue, payees, splits and advances (admins; docs/product.md, "Royalties"). */
export function createCatalogueRouter(db: Database) {
  return contractRouter(royaltyCatalogueContract, {
    listReleases: async ({ query }) => ({ status: 200, body: await listReleases(db, query.q || undefined) }),
    createRelease: async ({ body }) => ({ status: 201, body: await createRelease(db, body) }),
    getRelease: async ({ params }) => ({ status: 200, body: await getRelease(db, params.id) }),
    updateRelease: async ({ params, body }) => ({ status: 200, body: await updateRelease(db, params.id, body) }),
    getSplits: async ({ params }) => ({ status: 200, body: await getSplits(db, params.id) }),
    setReleaseSplits: async ({ params, body }) => ({ status: 200, body: await setReleaseSplits(db, params.id, body) }),
    setTrackSplits: async ({ params, body }) => ({ status: 200, body: await setTrackSplits(db, params.id, body) }),
    listPayees: async ({ query }) => ({ status: 200, body: await listPayees(db, query.q || undefined) }),
    createPayee: async ({ body }) => ({ status: 201, body: await createPayee(db, body) }),
    getPayee: async ({ params }) => ({ status: 200, body: await getPayee(db, params.id) }),
    updatePayee: async ({ params, body }) => ({ status: 200, body: await updatePayee(db, params.id, body) }),
    listAdvances: async ({ params }) => ({ status: 200, body: await listAdvances(db, params.id) }),
    createAdvance: async ({ params, body }) => ({ status: 201, body: await createAdvance(db, params.id, body) }),
  });
}
