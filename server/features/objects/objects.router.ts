import express from "express";
import { pipeline } from "node:stream/promises";
import { createUploadSchema, isLogoContentType, type UploadParameters } from "@shared/object-uploads";
import type { AppContext } from "../../context";
import { requireUser } from "../../auth/guards";
import { validate } from "../../lib/validate";
import { objectsService } from "./objects";
import type { RouteSets } from "../../lib/route-sets";

const ISSUE = "/objects/upload";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const objectsRouteSets: RouteSets = { uploads: [ISSUE] };

/** Mounted on /api: issuing upload addresses and (local driver) receiving the uploads. */
export function createObjectsApiRouter(ctx: AppContext) {
  const service = objectsService(ctx);
  const router = express.Router({ caseSensitive: true });

  router.post(ISSUE, requireUser, validate({ body: createUploadSchema }), async (req, res) => {
    res.json((await service.issueUpload(req.user!.id, req.body.contentType)) satisfies UploadParameters);
  });

  // The signed address is the permission (like a GCS signed URL), so no session is needed.
  // JSON parsing skips image bodies; the body is streamed to disk with a byte count.
  router.put("/objects/upload/:id", async (req, res) => {
    const result = await service.receiveUpload({
      id: req.params.id,
      query: req.query as Record<string, unknown>,
      contentType: req.get("content-type"),
      contentLength: req.get("content-length"),
      body: req,
    });
    res.json(result);
  });

  return router;
}

/** Mounted on /objects: serves uploads at the objectPath the client stores. */
export function createObjectsRouter(ctx: AppContext) {
  const service = objectsService(ctx);
  const router = express.Router({ caseSensitive: true });

  router.get("/uploads/:id", async (req, res) => {
    const object = await service.openObject(req.params.id);
    const isImage = isLogoContentType(object.contentType);
    res.set({
      "Content-Type": isImage ? object.contentType : "application/octet-stream",
      "Content-Length": String(object.size),
      // A key is written once and never reused, so browsers may keep it for good.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
    if (!isImage) res.set("Content-Disposition", "attachment");
    await pipeline(object.body, res);
  });

  return router;
}
