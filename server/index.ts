import http from "node:http";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./lib/logger";
import { loadLocalSecrets } from "./lib/secrets";
import { openDatabase } from "./db/bootstrap";
import { seedDemo } from "./db/seed";
import { fillMissingTimeZones } from "./db/time-zones";
import { createApp } from "./app";
import { createViteClient, serveBuiltClient } from "./client-serving";
import { nextSteps } from "./lib/next-steps";

const SHUTDOWN_GRACE_MS = 10_000;
/** The longest a request may take from its first byte to its last (docs/decisions/034-streamed-royalty-imports.md). */
const REQUEST_TIMEOUT_MS = 30 * 60_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  // A stop request while starting exits at once; the embedded PostgreSQL, in its own process
  // group, is then stopped by its exit hook (server/db/embedded.ts).
  let shutdown = (_signal: string): unknown => process.exit(0);
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  const secrets = loadLocalSecrets(config.dataDir);
  const database = await openDatabase(config, secrets, logger);
  if (config.seedDemo && (await seedDemo(database.db))) logger.info("added the demo content to the empty database");
  // Shows and events from before time zones were kept take the configured one (docs/product.md, "Shows").
  const zoned = await fillMissingTimeZones(database.db, config.shows.defaultTimeZone);
  if (zoned > 0) logger.info({ rows: zoned, timeZone: config.shows.defaultTimeZone }, "filled missing time zones");

  const httpServer = http.createServer();
  // A distributor's report of hundreds of megabytes streams in as one request (POST
  // /api/royalty-imports): Node's default of 300 s for a whole request would cut a slow upload
  // off. Headers still must arrive within headersTimeout, and an idle socket still times out.
  httpServer.requestTimeout = REQUEST_TIMEOUT_MS;
  const vite = config.env === "development" ? await createViteClient(httpServer) : undefined;
  const created = createApp(
    { config, db: database.db, pool: database.pool, logger, secrets },
    { mountClient: vite ? vite.mount : (app) => serveBuiltClient(app, { required: config.isProduction }) },
  );
  httpServer.on("request", created.app);
  // Every instance runs the workers unless RUN_WORKERS=false; pg-boss hands each job to one of
  // them (docs/operations.md, "Workers with several instances").
  await created.startWorkers();
  if (!config.jobs.work) {
    logger.info(
      "RUN_WORKERS=false: this instance asks for background jobs and leaves them to the instances that run workers",
    );
  }
  if (!config.mail.smtpUrl) {
    if (config.isProduction) logger.warn("SMTP_URL is not set: e-mails stay queued in the outbox until it is");
    else logger.info("SMTP_URL is not set: e-mails stay in the outbox; read them at /admin/outbox");
  }
  httpServer.listen(config.port, config.host, () => {
    logger.info(`Label Records is running on ${config.appUrl} (listening on ${config.host}:${config.port})`);
    if (config.env === "development") console.log(nextSteps(config));
  });

  let stopping = false;
  shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    database.beginShutdown();
    logger.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      logger.warn("requests did not finish in time; closing anyway");
      httpServer.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops accepting connections and resolves once in-flight requests are done; the
    // workers finish their jobs meanwhile (at most a few seconds; unfinished ones are retried).
    const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeIdleConnections();
    const workersStopped = created
      .stopWorkers()
      .catch((error) => logger.warn({ err: error }, "workers did not stop cleanly"));
    // Vite's live-reload sockets (development) are upgraded connections that close() waits
    // for and closeAllConnections() does not end: an open browser tab kept the server up.
    await vite?.close();
    await closed;
    await workersStopped;
    await created.close();
    await database.close();
    logger.info("stopped cleanly");
    process.exit(0);
  };
}

main().catch((error) => {
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
