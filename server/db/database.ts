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

/**
 * The PostgreSQL advisory lock that every instance takes before it changes the schema or
 * seeds a fresh database, so that instances starting at the same moment take turns. Advisory
 * locks are per database, so databases on one server (tests) do not wait for each other.
 * Any constant works; it only has to be the same in every version of the app.
 */
export const DATABASE_SETUP_LOCK = 7_318_204;

/**
 * Applies pending migrations while holding DATABASE_SETUP_LOCK. drizzle's migrator takes no
 * lock of its own: two instances migrating one database at once both create the same tables
 * and one of them fails. The lock is a session lock on one connection, and the migrations run
 * on that same connection; it is released before this returns (or by PostgreSQL when the
 * connection drops), so the same process can seed right after without waiting on itself.
 */
export async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("select pg_advisory_lock($1)", [DATABASE_SETUP_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [DATABASE_SETUP_LOCK]).catch((error: Error) => {
        broken = error;
      });
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A connection in an unknown state is closed rather than reused; closing it also ends its lock.
    client.release(broken);
  }
}
