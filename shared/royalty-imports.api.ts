import { route } from "./api-route";

/**
 * Distributors' royalty reports (admins): uploading one (multipart, streamed into the report
 * lines), the list of imports with their progress, the removal of one no closed period counts,
 * the lines no catalogue code matched and the assignment of such a code to a track or a release. Schemas in shared/royalty-imports.ts.
 */
export const royaltyImportsApi = {
  list: route("GET", "/api/royalty-imports", "admin"),
  get: route("GET", "/api/royalty-imports/:id", "admin"),
  create: route("POST", "/api/royalty-imports", "admin"),
  remove: route("DELETE", "/api/royalty-imports/:id", "admin"),
  unmatchedLines: route("GET", "/api/royalty-lines", "admin"),
  unmatchedCodes: route("GET", "/api/royalty-lines/unmatched-codes", "admin"),
  assign: route("POST", "/api/royalty-lines/assign", "admin"),
};
