import path from "node:path";
import type { AppConfig } from "../config";
import type { Logger } from "../lib/logger";
import type { LocalSecrets } from "../lib/secrets";
import { connectDatabase, runMigrations, type DatabaseHandle } from "./database";
import { startEmbeddedPostgres } from "./embedded";

/**
 * One code path for every environment: DATABASE_URL when set, otherwise an embedded
 * PostgreSQL in DATA_DIR/pg; then the same pool, drizzle instance and migrations.
 */
export async function openDatabase(config: AppConfig, secrets: LocalSecrets, logger: Logger): Promise<DatabaseHandle> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, "pg"),
      password: secrets.embeddedDbPassword,
      database: "label",
      logger,
    });
    url = embedded.url;
    stopEmbedded = embedded.stop;
    logger.info("using the embedded PostgreSQL in %s", embedded.dataDir);
  }
  const handle = connectDatabase(url, logger);
  try {
    await runMigrations(handle, { logger });
  } catch (error) {
    await handle.close();
    await stopEmbedded?.();
    throw error;
  }
  return {
    ...handle,
    async close() {
      await handle.close();
      await stopEmbedded?.();
    },
  };
}
