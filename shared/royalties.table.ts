/**
 * Royalties (docs/decisions/033-royalty-money-rules.md): the catalogue (releases and their
 * tracks), the payees and their splits and advances, the distributors' report lines, and the
 * periods whose closing locks each payee's statement. Money is `numeric` throughout: report
 * amounts keep their six decimals, statement figures are rounded to cents once. The tables
 * stand in one file per concern; this one names them all.
 */
export { payees, releases, royaltyAdvances, royaltySplits, tracks } from "./royalty-catalogue.table";
export { royaltyCodeAssignments, royaltyImports, royaltyLines } from "./royalty-lines.table";
export {
  royaltyPayouts,
  royaltyPeriods,
  royaltyStatementLines,
  royaltyStatements,
  type StatementBreakdowns,
} from "./royalty-statements.table";
