import type { royaltyStatementsContract } from "@shared/royalty-statements";
import { royaltyStatementFiles, royaltyStatementsApi } from "@shared/royalty-statements.api";
import { apiClient, pathOf } from "@/lib/api-client";

const api = apiClient<typeof royaltyStatementsContract>(royaltyStatementsApi);

/** The signed-in member's statements (404 when their e-mail is no payee's). */
export const myRoyaltyStatementsQuery = api.myStatements.query();

export const statementPdfPath = (id: string) => pathOf(royaltyStatementFiles.pdf, { id });
export const statementLinesPath = (id: string) => pathOf(royaltyStatementFiles.lines, { id });
