// The royalties room (docs/decisions/045-royalties-as-one-room.md): the catalogue and its
// payees, distributors' reports, periods with their closing and payouts, and the statements
// payees read. One wiring function binds the app's dependencies to the room's plain functions.
import type { Router } from "express";
import type { FileRoute } from "@shared/api-route";
import type { Contract } from "@shared/contract";
import { royaltyCatalogueContract } from "@shared/royalty-catalogue";
import { royaltyImportsContract } from "@shared/royalty-imports";
import { royaltyStatementsContract } from "@shared/royalty-statements";
import { royaltyStatementFiles } from "@shared/royalty-statements.api";
import type { AppContext } from "../../context";
import type { DocumentRenderer } from "../../documents/document-renderer";
import type { RouteSets } from "../../lib/route-sets";
import { createCatalogueRouter } from "./catalogue/catalogue.router";
import { createImportsRouter } from "./imports/imports.router";
import type { ClosingDeps } from "./periods/closing";
import { createStatementsRouter, royaltyStatementsRouteSets } from "./statements/statements.router";

/** What the room declares before any app runs: its special routes, its contracts and its files. */
export const royaltiesDeclared: { routeSets: RouteSets; contracts: readonly Contract[]; files: readonly FileRoute[] } =
  {
    routeSets: royaltyStatementsRouteSets,
    contracts: [royaltyCatalogueContract, royaltyStatementsContract, royaltyImportsContract],
    files: Object.values(royaltyStatementFiles),
  };

export interface RoyaltiesDependencies {
  /** Statement PDFs are made by the app's one pool of document threads. */
  documents: DocumentRenderer;
  /** The outbox's: a closing queues each payee's e-mail in its transaction, then asks for delivery. */
  messages: { queue: ClosingDeps["queue"]; deliverSoon: () => void };
}

export function createRoyaltiesFeature(ctx: AppContext, deps: RoyaltiesDependencies) {
  const { db, config } = ctx;
  const routers: Router[] = [
    createCatalogueRouter(db),
    createStatementsRouter({
      db,
      documents: deps.documents,
      closing: {
        db,
        minimumPayout: config.royalties.minimumPayout,
        queue: deps.messages.queue,
        royaltiesUrl: `${config.appUrl}/royalties`,
      },
      deliverSoon: deps.messages.deliverSoon,
    }),
    // Distributors' reports stream in as multipart (never parsed as JSON) and COPY on their own connection.
    createImportsRouter({ db, pool: ctx.pool, logger: ctx.logger, timeZone: config.shows.defaultTimeZone }),
  ];
  return { ...royaltiesDeclared, routers };
}
