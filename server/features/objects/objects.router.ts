import express from "express";
import { pipeline } from "node:stream/promises";
import { isLogoContentType, objectUploadsContract } from "@shared/object-uploads";
import { objectUploadsApi, UPLOAD_FILE_PATH } from "@shared/object-uploads.api";
import type { AppContext } from "../../context";
import { contractRouter, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import { objectsService } from "./objects";
import type { RouteSets } from "../../lib/route-sets";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const objectsRouteSets: RouteSets = { uploads: [underApi(objectUploadsApi.issue.path)] };

/** Mounted on /api: issuing upload addresses and (local driver) receiving the uploads. */
export function createObjectsApiRouter(ctx: AppContext) {
  const service = objectsService(ctx);
  const router = express.Router({ caseSensitive: true });

  router.use(
    contractRouter(objectUploadsContract, {
      issue: async ({ user, body }) => ({ status: 200, body: await service.issueUpload(user.id, body) }),
    }),
  );

  // The signed address is the permission (like a GCS signed URL), so no session is needed.
  // JSON parsing skips image bodies; the body is streamed to disk with a byte count.
  router.put(underApi(UPLOAD_FILE_PATH), async (req, res) => {
    const result = await service.receiveUpload({
      id: String(req.params.id),
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
    // Only images are public (logos). A submission's audio is the artist's unreleased track:
    // it is streamed only through a short-lived signed link (docs/decisions/053-music-submissions.md).
    if (!isLogoContentType(object.contentType)) {
      object.body.destroy();
      throw HttpError.notFound("Object not found");
    }
    res.set({
      "Content-Type": object.contentType,
      "Content-Length": String(object.size),
      // A key is written once and never reused, so browsers may keep it for good.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
    await pipeline(object.body, res);
  });

  return router;
}
