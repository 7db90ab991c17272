import type { Express } from "express";
import type { AppContext } from "../context";
import { createHealthRouter } from "./health/health.router";

/**
 * Each feature mounts its own router under /api (STYLE.md: no catch-all routes file).
 * Routers that need the raw body (webhooks) go in mountRawBodyFeatures, before JSON parsing.
 */
export function mountRawBodyFeatures(_app: Express, _ctx: AppContext) {}

export function mountFeatures(app: Express, ctx: AppContext) {
  app.use("/api", createHealthRouter(ctx));
}
