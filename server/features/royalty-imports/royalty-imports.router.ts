import { royaltyImportsContract, UNMATCHED_LINES_LIMIT } from "@shared/royalty-imports";
import { contractRouter } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import type { RoyaltyImportsRepository } from "./royalty-imports.repository";
import type { RoyaltyImportsService } from "./royalty-imports.service";

/** How many codes the unmatched summary lists (largest amount first). */
const UNMATCHED_CODES_LIMIT = 500;

/** Distributors' reports (admins): imports, the unmatched queue and the assignment of codes. */
export function createRoyaltyImportsRouter(deps: {
  service: RoyaltyImportsService;
  repository: RoyaltyImportsRepository;
}) {
  const { service, repository } = deps;
  return contractRouter(royaltyImportsContract, {
    list: async () => ({ status: 200, body: await repository.list() }),
    get: async ({ params }) => {
      const found = await repository.get(params.id);
      if (!found) throw HttpError.notFound("Import not found");
      return { status: 200, body: found };
    },
    create: async ({ req, user }) => ({ status: 201, body: await service.importReport(req, user.id) }),
    remove: async ({ params }) => {
      await service.remove(params.id);
      return { status: 204 };
    },
    unmatchedLines: async () => ({ status: 200, body: await repository.unmatchedLines(UNMATCHED_LINES_LIMIT) }),
    unmatchedCodes: async () => ({ status: 200, body: await repository.unmatchedCodes(UNMATCHED_CODES_LIMIT) }),
    assign: async ({ body, user }) => ({ status: 200, body: await service.assign(body, user.id) }),
  });
}
