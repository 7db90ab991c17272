import express from "express";
import { MASTER_UPLOAD_PATH, storeApi, storeContract, storeFiles } from "@shared/store";
import { storeSalesContract } from "@shared/store-sales";
import { digitalTaxContract } from "@shared/digital-tax";
import type { Database } from "../../db/database";
import { contractRouter, paramsOf, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import type { RouteSets } from "../../lib/route-sets";
import type { ObjectStorage } from "../../integrations/object-storage";
import { getStoreRelease, listStoreReleases } from "./catalogue.service";
import { sendPreview, sendTrackFile, sendZip } from "./downloads";
import type { ClaimUpload } from "../../lib/upload-claims";
import { getListing, putListing } from "./listing.service";
import { issueMaster, masterUploaded, receiveMaster } from "./masters.service";
import { getDownload, library, purchase, resend, type PurchaseDeps } from "./purchases.service";
import { codesCsv, createCodes, redeem } from "./codes.service";
import { requireAdmin } from "../../auth/guards";
import { idParams } from "@shared/contract";
import { findAudio, findListing, findTrack } from "./store.repository";
import { listSales, refundPurchase } from "./sales.service";
import { listDigitalTaxRates, replaceDigitalTaxRates } from "./digital-tax.service";

/**
 * Public reads skip the session; purchases and resends are limited per address before any work;
 * a zip is a costly answer, limited per member (per address for a visitor) like a PDF.
 */
export const storeRouteSets: RouteSets = {
  publicReads: [underApi(storeApi.listReleases.path), underApi(storeApi.getRelease.path)],
  purchases: [underApi(storeApi.purchase.path), underApi(storeApi.resend.path), underApi(storeApi.redeem.path)],
  documents: [underApi(storeFiles.zip.path), underApi(storeFiles.track.path)],
};

export interface StoreRouterDeps extends PurchaseDeps {
  db: Database;
  storage: ObjectStorage;
  transcodeSoon: () => void;
  /** The objects feature's claim of an image upload, for a release's cover. */
  claimUpload: ClaimUpload;
}

/** The music store's routes (docs/product.md, "Music store"), mounted on /api. */
export function createStoreRouter(deps: StoreRouterDeps) {
  const { db, storage } = deps;
  const masters = { db, storage, transcodeSoon: deps.transcodeSoon };
  const router = express.Router({ caseSensitive: true });

  // The signed address is the permission, as for a logo; the bytes stream to storage.
  router.put(underApi(MASTER_UPLOAD_PATH), async (req, res) => {
    const info = await receiveMaster(masters, {
      id: String(req.params.id),
      query: req.query as Record<string, unknown>,
      contentType: req.get("content-type"),
      contentLength: req.get("content-length"),
      body: req,
    });
    res.json(info);
  });

  router.get(underApi(storeFiles.preview.path), async (req, res) => {
    const track = await findTrack(db, String(req.params.id));
    const listing = track ? await findListing(db, track.releaseId) : null;
    if (!track || !listing?.published) throw HttpError.notFound("This track has no preview");
    await sendPreview({ db, storage }, await findAudio(db, track.id), res);
  });

  router.get(underApi(storeFiles.codes.path), requireAdmin, async (req, res) => {
    const { filename, body } = await codesCsv(db, deps.appUrl, paramsOf(idParams, req).id);
    // Unused codes are as good as downloads: never cached.
    res.set({
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `attachment; filename="${filename}"`,
    });
    res.type("text/csv; charset=utf-8").send(body);
  });

  router.get(underApi(storeFiles.zip.path), async (req, res) => {
    await sendZip({ db, storage }, String(req.params.token), String(req.params.format), res);
  });

  router.get(underApi(storeFiles.track.path), async (req, res) => {
    const { token, position, format } = req.params as Record<string, string>;
    await sendTrackFile({ db, storage }, token, { position, format }, res);
  });

  router.use(
    contractRouter(storeContract, {
      getListing: async ({ params }) => ({ status: 200, body: await getListing(db, params.id) }),
      putListing: async ({ params, body, user }) => ({
        status: 200,
        body: await putListing({ db, claimUpload: deps.claimUpload }, user.id, params.id, body),
      }),
      issueMaster: async ({ params, body }) => ({
        status: 200,
        body: await issueMaster(masters, params.id, body.contentType),
      }),
      masterUploaded: async ({ params }) => ({ status: 200, body: await masterUploaded(masters, params.id) }),
      listReleases: async ({ query }) => ({ status: 200, body: await listStoreReleases(db, query.q || undefined) }),
      getRelease: async ({ params }) => ({ status: 200, body: await getStoreRelease(db, params.id) }),
      purchase: async ({ params, body }) => ({ status: 201, body: await purchase(deps, params.id, body) }),
      getDownload: async ({ params }) => ({ status: 200, body: await getDownload(db, params.token) }),
      resend: async ({ body }) => ({ status: 200, body: await resend(deps, body.email) }),
      library: async ({ user }) => ({ status: 200, body: await library(db, user.email ?? "") }),
      createCodes: async ({ params, body }) => ({ status: 201, body: await createCodes(db, params.id, body) }),
      redeem: async ({ body, req }) => ({
        status: 200,
        body: await redeem(deps, { ...body, address: req.ip ?? "unknown" }),
      }),
    }),
  );
  router.use(
    contractRouter(storeSalesContract, {
      listSales: async ({ params }) => ({ status: 200, body: await listSales(db, params.id) }),
      refund: async ({ params, body }) => ({ status: 202, body: await refundPurchase(deps, params.id, body) }),
    }),
  );
  router.use(
    contractRouter(digitalTaxContract, {
      getRates: async () => ({ status: 200, body: await listDigitalTaxRates(db) }),
      putRates: async ({ body }) => ({ status: 200, body: await replaceDigitalTaxRates(db, body) }),
    }),
  );
  return router;
}
