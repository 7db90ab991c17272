import express from "express";
import type { AppConfig } from "@shared/config";
import type { HealthResponse, OutboxQueueHealth } from "@shared/outbox";
import type { AppContext } from "../../context";
import type { RouteSets } from "../../lib/route-sets";

const HEALTH = "/health";
const CONFIG = "/config";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const healthRouteSets: RouteSets = { publicReads: [HEALTH, CONFIG] };

export function createHealthRouter(
  { pool, config, logger }: AppContext,
  deps: { queueHealth: () => Promise<OutboxQueueHealth> },
) {
  const router = express.Router({ caseSensitive: true });

  // For load balancers: 200 only when the database answers. The mail queue's figures are for
  // monitoring; they never change the status code.
  router.get(HEALTH, async (_req, res) => {
    try {
      await pool.query("select 1");
    } catch {
      res
        .status(503)
        .json({ message: "The database is not reachable", status: "degraded", database: "down", outbox: null });
      return;
    }
    const outbox = await deps.queueHealth().catch((error: unknown) => {
      logger.warn({ err: error }, "health: could not read the mail queue");
      return null;
    });
    res.json({ status: "ok", database: "up", outbox } satisfies HealthResponse);
  });

  // Runtime settings for the client, so one build serves every environment.
  router.get(CONFIG, (_req, res) => {
    res.json({
      stripePublishableKey: config.stripe?.publishableKey ?? null,
      masterCodeEnabled: Boolean(config.masterCode),
      liveStreamPollMs: config.liveStreamPollMs,
    } satisfies AppConfig);
  });

  return router;
}
