import express from "express";
import { idParams } from "@shared/contract";
import { statementFileName } from "@shared/formats";
import { royaltyStatementsContract } from "@shared/royalty-statements";
import { royaltyStatementFiles } from "@shared/royalty-statements.api";
import { requireUser } from "../../../auth/guards";
import type { Database } from "../../../db/database";
import type { DocumentRenderer } from "../../../documents/document-renderer";
import { contractRouter, paramsOf, underApi } from "../../../lib/contract-router";
import type { RouteSets } from "../../../lib/route-sets";
import type { ClosingDeps } from "../periods/closing";
import { recordPayout } from "../periods/payouts";
import { addPlatformIncome } from "../periods/platform-income";
import { listPeriods } from "../periods/periods.repository";
import { closePeriodAndTell, createPeriod, getPeriod } from "../periods/periods.service";
import { streamStatementCsv } from "./statement-csv";
import { createStatementDownloadGate, type StatementDownloadGate } from "./statement-download-gate";
import { statementLineBatches } from "./statement-files.repository";
import { myStatements, periodStatements, readableStatement, statementPdf } from "./statements.service";

/**
 * A statement's PDF and its lines' CSV are documents like an invoice's: counted per member per
 * minute (lib/route-sets.ts), and only a few made at once (statement-download-gate.ts).
 */
export const royaltyStatementsRouteSets: RouteSets = {
  documents: [underApi(royaltyStatementFiles.pdf.path), underApi(royaltyStatementFiles.lines.path)],
};

export interface StatementsDeps {
  db: Database;
  documents: DocumentRenderer;
  closing: ClosingDeps;
  /** Starts delivering the e-mails a closing queued, once it committed. */
  deliverSoon: () => void;
}

/** Periods, their closing, platform income, payouts and the statements' files (docs/product.md, "Royalties"). */
export function createStatementsRouter(
  deps: StatementsDeps,
  gate: StatementDownloadGate = createStatementDownloadGate(),
) {
  const { db } = deps;
  const router = express.Router({ caseSensitive: true });

  // The gate comes first: a refused download reads nothing, not even the statement.
  router.get(underApi(royaltyStatementFiles.pdf.path), requireUser, async (req, res) => {
    const { id } = paramsOf(idParams, req);
    await gate.run(req.user!.id, async () => {
      const { pdf, fileName } = await statementPdf(deps, id, req.user!);
      res.type("application/pdf").attachment(fileName);
      res.setHeader("Cache-Control", "private, no-store");
      res.send(pdf);
    });
  });

  router.get(underApi(royaltyStatementFiles.lines.path), requireUser, async (req, res) => {
    const { id } = paramsOf(idParams, req);
    await gate.run(req.user!.id, async () => {
      const statement = await readableStatement(db, id, req.user!);
      const period = await getPeriod(db, statement.periodId);
      const name = statementFileName(
        { payeeName: statement.payeeName, periodStart: period.start, periodEnd: period.end },
        "csv",
      );
      // attachment() sets the type from the name; the CSV keeps its charset.
      res.attachment(name).type("text/csv; charset=utf-8");
      res.setHeader("Cache-Control", "private, no-store");
      await streamStatementCsv(res, statementLineBatches(db, id));
    });
  });

  router.use(
    contractRouter(royaltyStatementsContract, {
      listPeriods: async () => ({ status: 200, body: await listPeriods(db) }),
      createPeriod: async ({ body }) => ({ status: 201, body: await createPeriod(db, body) }),
      closePeriod: async ({ params, user }) => ({
        status: 200,
        body: await closePeriodAndTell({ ...deps.closing, deliverSoon: deps.deliverSoon }, params.id, user.id),
      }),
      periodStatements: async ({ params }) => ({ status: 200, body: await periodStatements(db, params.id) }),
      addPlatformIncome: async ({ params }) => ({
        status: 200,
        body: { lines: await addPlatformIncome(db, params.id) },
      }),
      myStatements: async ({ user }) => ({ status: 200, body: await myStatements(db, user.email) }),
      recordPayout: async ({ params, body, user }) => ({
        status: 201,
        body: await recordPayout(db, params.id, body, user.id),
      }),
    }),
  );
  return router;
}
