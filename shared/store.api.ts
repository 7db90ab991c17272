import { fileRoute, route } from "./api-route";

/**
 * The music store's routes (docs/product.md, "Music store"): an administrator puts a catalogue
 * release on sale and uploads each track's master; anyone lists and reads what is on sale, takes a
 * free download or names a price, and downloads with the token its e-mail carries. The schemas:
 * shared/store.ts.
 */
export const storeApi = {
  getListing: route("GET", "/api/releases/:id/store", "admin"),
  putListing: route("PUT", "/api/releases/:id/store", "admin"),
  issueMaster: route("POST", "/api/tracks/:id/master", "admin"),
  masterUploaded: route("POST", "/api/tracks/:id/master/uploaded", "admin"),
  listReleases: route("GET", "/api/store/releases", "public"),
  getRelease: route("GET", "/api/store/releases/:id", "public"),
  purchase: route("POST", "/api/store/releases/:id/purchase", "public"),
  getDownload: route("GET", "/api/downloads/:token", "public"),
  resend: route("POST", "/api/downloads/resend", "public"),
  createCodes: route("POST", "/api/releases/:id/codes", "admin"),
  redeem: route("POST", "/api/store/redeem", "public"),
  library: route("GET", "/api/store/library", "member"),
};

/**
 * The music store's card sales for its administrators (docs/product.md, "Music store"): a
 * release's sales with their fees and refunds, and a refund in full or in part. The schemas:
 * shared/store-sales.ts.
 */
export const storeSalesApi = {
  listSales: route("GET", "/api/releases/:id/store/sales", "admin"),
  refund: route("POST", "/api/store/purchases/:id/refund", "admin"),
};

/**
 * The label's tax on downloads, per buyer's country (docs/product.md, "Music store"): read and
 * replaced whole by administrators; the cart's checkout applies it. The schemas:
 * shared/digital-tax.ts.
 */
export const digitalTaxApi = {
  getRates: route("GET", "/api/store/digital-tax-rates", "admin"),
  putRates: route("PUT", "/api/store/digital-tax-rates", "admin"),
};

/** Where the local storage driver takes a master's bytes: a signed PUT, not a JSON route. */
export const MASTER_UPLOAD_PATH = "/api/store/masters/:id";

export const storeFiles = {
  preview: fileRoute("/api/store/tracks/:id/preview.mp3", "public", {
    summary: "A track's 30-second preview (MP3); 404 until its audio is made",
    mediaTypes: ["audio/mpeg"],
  }),
  codes: fileRoute("/api/releases/:id/codes.csv", "admin", {
    summary: "A release's download codes: code, batch, redeemed by, redeemed at, redeem URL",
  }),
  zip: fileRoute("/api/downloads/:token/:format.zip", "public", {
    summary:
      "The release's tracks (or the one track bought) in one format, zipped as it streams; 400 for a format not offered, 410 once refunded",
    mediaTypes: ["application/zip"],
    errors: [400, 410],
  }),
  track: fileRoute("/api/downloads/:token/tracks/:position/:format", "public", {
    summary:
      "One track of the purchase (by its position on the release, as the download page lists it) in one format, without a zip; 400 for a format not offered, 404 for a track not bought, 410 once refunded",
    mediaTypes: ["audio/mpeg", "audio/flac", "audio/wav"],
    errors: [400, 410],
  }),
};
