import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import type { Logger } from "./lib/logger";
import type { LocalSecrets } from "./lib/secrets";
import type pg from "pg";

/** What every feature router is built from (createApp passes it to each feature). */
export interface AppContext {
  config: AppConfig;
  db: Database;
  pool: pg.Pool;
  logger: Logger;
  secrets: LocalSecrets;
}
