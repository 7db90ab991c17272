import { route } from "./api-route";

/**
 * The royalty catalogue (releases with their UPC and tracks with their ISRC), the payees, their
 * splits and their advances: all for administrators. Their schemas are in
 * shared/royalty-catalogue.ts; why money is kept as it is: docs/decisions/033-royalty-money-rules.md.
 */
export const royaltyCatalogueApi = {
  listReleases: route("GET", "/api/releases", "admin"),
  createRelease: route("POST", "/api/releases", "admin"),
  getRelease: route("GET", "/api/releases/:id", "admin"),
  updateRelease: route("PUT", "/api/releases/:id", "admin"),
  getSplits: route("GET", "/api/releases/:id/splits", "admin"),
  setReleaseSplits: route("PUT", "/api/releases/:id/splits", "admin"),
  setTrackSplits: route("PUT", "/api/tracks/:id/splits", "admin"),
  listPayees: route("GET", "/api/payees", "admin"),
  createPayee: route("POST", "/api/payees", "admin"),
  getPayee: route("GET", "/api/payees/:id", "admin"),
  updatePayee: route("PUT", "/api/payees/:id", "admin"),
  listAdvances: route("GET", "/api/payees/:id/advances", "admin"),
  createAdvance: route("POST", "/api/payees/:id/advances", "admin"),
};
