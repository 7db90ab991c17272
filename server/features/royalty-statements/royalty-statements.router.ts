import express from "express";
import { idParams } from "@shared/contract";
import { royaltyStatementsContract } from "@shared/royalty-statements";
import { royaltyStatementFiles } from "@shared/royalty-statements.api";
import { requireUser } from "../../auth/guards";
import { contractRouter, paramsOf, underApi } from "../../lib/contract-router";
import type { RouteSets } from "../../lib/route-sets";
import type { RoyaltyStatementsService } from "./royalty-statements.service";
import { streamStatementCsv } from "./statement-csv";
import { createStatementDownloadGate, type StatementDownloadGate } from "./statement-download-gate";

/**
 * A statement's PDF and its lines' CSV are documents like an invoice's: counted per member per
 * minute (lib/route-sets.ts), and only a few made at once (statement-download-gate.ts).
 */
export const royaltyStatementsRouteSets: RouteSets = {
  documents: [underApi(royaltyStatementFiles.pdf.path), underApi(royaltyStatementFiles.lines.path)],
};

export function createRoyaltyStatementsRouter(
  service: RoyaltyStatementsService,
  gate: StatementDownloadGate = createStatementDownloadGate(),
) {
  const router = express.Router({ caseSensitive: true });

  // The gate comes first: a refused download reads nothing, not even the statement.
  router.get(underApi(royaltyStatementFiles.pdf.path), requireUser, async (req, res) => {
    const { id } = paramsOf(idParams, req);
    await gate.run(req.user!.id, async () => {
      const pdf = await service.pdf(id, req.user!);
      res.type("application/pdf").setHeader("Content-Disposition", 'attachment; filename="royalty-statement.pdf"');
      res.setHeader("Cache-Control", "private, no-store");
      res.send(pdf);
    });
  });

  router.get(underApi(royaltyStatementFiles.lines.path), requireUser, async (req, res) => {
    const { id } = paramsOf(idParams, req);
    await gate.run(req.user!.id, async () => {
      await service.readable(id, req.user!);
      res
        .type("text/csv; charset=utf-8")
        .setHeader("Content-Disposition", 'attachment; filename="statement-lines.csv"');
      res.setHeader("Cache-Control", "private, no-store");
      await streamStatementCsv(res, service, id);
    });
  });

  router.use(
    contractRouter(royaltyStatementsContract, {
      listPeriods: async () => ({ status: 200, body: await service.listPeriods() }),
      createPeriod: async ({ body }) => ({ status: 201, body: await service.createPeriod(body) }),
      closePeriod: async ({ params, user }) => ({ status: 200, body: await service.closePeriod(params.id, user.id) }),
      periodStatements: async ({ params }) => ({ status: 200, body: await service.periodStatements(params.id) }),
      addPlatformIncome: async ({ params }) => ({
        status: 200,
        body: { lines: await service.addPlatformIncome(params.id) },
      }),
      myStatements: async ({ user }) => ({ status: 200, body: await service.myStatements(user.email) }),
      recordPayout: async ({ params, body, user }) => ({
        status: 201,
        body: await service.recordPayout(params.id, body, user.id),
      }),
    }),
  );
  return router;
}
