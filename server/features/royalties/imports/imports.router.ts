import { royaltyImportsContract, UNMATCHED_LINES_LIMIT } from "@shared/royalty-imports";
import { contractRouter } from "../../../lib/contract-router";
import { importReport, type ImportDeps } from "./import-report";
import { listImports } from "./imports.repository";
import { assignCode, getImport, removeImport } from "./imports.service";
import { unmatchedCodes, unmatchedLines } from "./unmatched.repository";

/** How many codes the unmatched summary lists (largest amount first). */
const UNMATCHED_CODES_LIMIT = 500;

/** Distributors' reports (admins): imports, the unmatched queue and the assignment of codes. */
export function createImportsRouter(deps: ImportDeps) {
  const { db } = deps;
  return contractRouter(royaltyImportsContract, {
    list: async () => ({ status: 200, body: await listImports(db) }),
    get: async ({ params }) => ({ status: 200, body: await getImport(db, params.id) }),
    create: async ({ req, user }) => ({ status: 201, body: await importReport(deps, req, user.id) }),
    remove: async ({ params }) => {
      await removeImport(db, params.id);
      return { status: 204 };
    },
    unmatchedLines: async () => ({ status: 200, body: await unmatchedLines(db, UNMATCHED_LINES_LIMIT) }),
    unmatchedCodes: async () => ({ status: 200, body: await unmatchedCodes(db, UNMATCHED_CODES_LIMIT) }),
    assign: async ({ body, user }) => ({ status: 200, body: await assignCode(db, body, user.id) }),
  });
}
