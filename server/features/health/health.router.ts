import { healthApi } from "@shared/health.api";
import { healthContract } from "@shared/health";
import type { OutboxQueueHealth } from "@shared/outbox";
import type { AppContext } from "../../context";
import { contractRouter, underApi } from "../../lib/contract-router";
import type { RouteSets } from "../../lib/route-sets";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const healthRouteSets: RouteSets = {
  publicReads: [healthApi.health.path, healthApi.config.path].map(underApi),
};

export function createHealthRouter(
  { pool, config, logger }: AppContext,
  deps: { queueHealth: () => Promise<OutboxQueueHealth> },
) {
  return contractRouter(healthContract, {
    // For load balancers: 200 only when the database answers. The mail queue's figures are for
    // monitoring; they never change the status code.
    health: async () => {
      try {
        await pool.query("select 1");
      } catch {
        return {
          status: 503,
          body: { message: "The database is not reachable", status: "degraded", database: "down", outbox: null },
        };
      }
      const outbox = await deps.queueHealth().catch((error: unknown) => {
        logger.warn({ err: error }, "health: could not read the mail queue");
        return null;
      });
      return { status: 200, body: { status: "ok", database: "up", outbox } };
    },
    // Runtime settings for the client, so one build serves every environment.
    config: async () => ({
      status: 200,
      body: {
        stripePublishableKey: config.stripe?.publishableKey ?? null,
        masterCodeEnabled: Boolean(config.masterCode),
        liveStreamPollMs: config.liveStreamPollMs,
        demoContent: config.seedDemo,
      },
    }),
  });
}
