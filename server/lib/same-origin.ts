import type { RequestHandler } from "express";
import { HttpError } from "./http-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests sent by another site's pages (CSRF). Browsers always send
 * Origin on cross-site POST/PUT/PATCH/DELETE, and Sec-Fetch-Site where Origin is absent; a
 * request from our own pages matches APP_URL or the Host it was sent to.
 */
export function sameOriginOnly(appUrl: string, exemptPaths: string[] = []): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || exemptPaths.includes(req.path)) return next();
    const origin = req.get("origin");
    if (origin) {
      const ownHostOrigin = `${req.protocol}://${req.get("host")}`;
      if (origin !== appOrigin && origin !== ownHostOrigin) throw HttpError.forbidden("Cross-site request refused");
    } else if (req.get("sec-fetch-site") === "cross-site") {
      throw HttpError.forbidden("Cross-site request refused");
    }
    next();
  };
}
