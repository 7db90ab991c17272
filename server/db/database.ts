import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as schema from "@shared/schema";
import type { Logger } from "../lib/logger";

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** migrations/ sits at the repository root, both from source (tsx) and from dist/server. */
export function migrationsFolder(): string {
  const candidates = [
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../migrations"),
    path.resolve(process.cwd(), "migrations"),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, "meta"))) ?? candidates[1];
}

export function connectDatabase(url: string, logger?: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 20, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", (error) => logger?.warn({ err: error.message }, "database connection lost"));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export async function runMigrations(db: Database) {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}
