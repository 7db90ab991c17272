import express from "express";
import type { AppContext } from "../../context";

export function createHealthRouter({ pool, config }: AppContext) {
  const router = express.Router();

  // For load balancers: 200 only when the database answers.
  router.get("/health", async (_req, res) => {
    try {
      await pool.query("select 1");
      res.json({ status: "ok", database: "up" });
    } catch {
      res.status(503).json({ message: "The database is not reachable", status: "degraded", database: "down" });
    }
  });

  // Runtime settings for the client, so one build serves every environment.
  router.get("/config", (_req, res) => {
    res.json({
      stripePublishableKey: config.stripe?.publishableKey ?? null,
      masterCodeEnabled: Boolean(config.masterCode),
      liveStreamPollMs: config.liveStreamPollMs,
    });
  });

  return router;
}
