import { fileRoute, route } from "./api-route";

/**
 * Royalty periods, their closing and the statements it locks, payouts, and each payee's own
 * statements (docs/product.md, "Royalties"). Their schemas are in shared/royalty-statements.ts.
 */
export const royaltyStatementsApi = {
  listPeriods: route("GET", "/api/royalty-periods", "admin"),
  createPeriod: route("POST", "/api/royalty-periods", "admin"),
  closePeriod: route("POST", "/api/royalty-periods/:id/close", "admin"),
  periodStatements: route("GET", "/api/royalty-periods/:id/statements", "admin"),
  addPlatformIncome: route("POST", "/api/royalty-periods/:id/platform-income", "admin"),
  myStatements: route("GET", "/api/statements/my", "member"),
  recordPayout: route("POST", "/api/statements/:id/payouts", "admin"),
};

/**
 * A statement's documents: for administrators and for the payee whose statement it is; 429
 * past the documents' limit or a member's statement files at once, 503 when the instance is
 * making many (docs/operations.md, "Limits against abuse").
 */
export const royaltyStatementFiles = {
  pdf: fileRoute("/api/statements/:id/pdf", "member", {
    summary: "A royalty statement as a PDF",
    errors: [429, 503],
  }),
  lines: fileRoute("/api/statements/:id/lines.csv", "member", {
    summary: "A royalty statement's lines as a spreadsheet",
    errors: [429, 503],
  }),
};
