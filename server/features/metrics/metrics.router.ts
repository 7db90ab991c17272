import crypto from "node:crypto";
import express from "express";
import type { AppConfig } from "../../config";
import { HttpError } from "../../lib/http-error";
import type { Metrics } from "./metrics.service";

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>`; without a
 * token configured the path does not exist (404). The comparison takes the same time whatever
 * the guess (both sides hashed to equal lengths first).
 */
export function createMetricsRouter(config: Pick<AppConfig, "metricsToken">, metrics: Metrics) {
  const router = express.Router({ caseSensitive: true });
  const expected = config.metricsToken ? digest(config.metricsToken) : undefined;

  router.get("/metrics", async (req, res) => {
    if (!expected) throw HttpError.notFound();
    const offered = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (!crypto.timingSafeEqual(digest(offered), expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      throw HttpError.unauthorized("A valid metrics token is required");
    }
    const { contentType, body } = await metrics.exposition();
    res.setHeader("Cache-Control", "no-store");
    res.type(contentType).send(body);
  });

  return router;
}
