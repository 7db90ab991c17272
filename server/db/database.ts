import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import pg from "pg";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import * as schema from "@shared/schema";
import type { Logger } from "../lib/logger";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The pool or an open transaction, so one piece of work can run inside a caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** From now on a dropped connection is part of stopping, not a fault worth a warning. */
  beginShutdown(): void;
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
  let stopping = false;
  // An idle client losing its connection (database restart) must not crash the process. While
  // the app stops, the embedded PostgreSQL may close connections first: that is expected.
  pool.on("error", (error) => {
    if (stopping) logger?.debug({ err: error }, "database connection closed while stopping");
    else logger?.warn({ err: error }, "database connection lost");
  });
  const db = drizzle(pool, { schema });
  const beginShutdown = () => {
    stopping = true;
  };
  return {
    db,
    pool,
    beginShutdown,
    close: () => {
      beginShutdown();
      return pool.end();
    },
  };
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
