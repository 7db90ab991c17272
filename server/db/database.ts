import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import pg from "pg";
import { setTimeout as sleep } from "node:timers/promises";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import * as schema from "@shared/schema";
import type { Logger } from "../lib/logger";
import { applyMigrations, type MigratorOptions } from "./migrator";

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The pool or an open transaction, so one piece of work can run inside a caller's transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** The address as configured, without the app's session settings (the migrations use it). */
  url: string;
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

/**
 * Every session of the app runs in UTC, whatever TimeZone the database or its role defaults to,
 * so `now()::date`, a timestamp literal or a date cast means the same on every installation
 * (docs/decisions/024-instants-and-venue-days.md). Instants are timestamptz anyway; this keeps
 * any SQL that turns one into a day or a wall time from depending on the server's settings.
 */
const UTC_SESSIONS = "-c TimeZone=UTC";

/**
 * Connection settings with UTC sessions. Options in the address itself (`?options=`) would
 * replace a separate `options` setting, so they are extended in place; otherwise PGOPTIONS,
 * which pg reads when no options are given, is kept in front of ours.
 */
function utcSessions(url: string): pg.ClientConfig {
  try {
    const parsed = new URL(url);
    const own = parsed.searchParams.get("options");
    if (own !== null) {
      parsed.searchParams.set("options", `${own} ${UTC_SESSIONS}`);
      return { connectionString: parsed.toString() };
    }
  } catch {
    // Not a URL that needs rewriting: pg reads it as it is.
  }
  return { connectionString: url, options: [process.env.PGOPTIONS, UTC_SESSIONS].filter(Boolean).join(" ") };
}

export function connectDatabase(url: string, logger?: Logger): DatabaseHandle {
  const pool = new pg.Pool({ ...utcSessions(url), max: 20, connectionTimeoutMillis: 5000 });
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
    url,
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

/** How often an instance waiting for another one's migrations asks for the lock again. */
const SETUP_LOCK_POLL_MS = 100;

const MIGRATION_DEFAULTS: Omit<MigratorOptions, "migrationsFolder" | "logger"> = {
  lockTimeoutMs: 2_000,
  attempts: 30,
  retryDelayMs: 250,
};

/**
 * Waits for DATABASE_SETUP_LOCK by asking again and again rather than in one blocking call: a
 * waiting `select pg_advisory_lock(...)` keeps a snapshot open, and `CREATE INDEX CONCURRENTLY`
 * in the holder's migrations waits for every older snapshot, so the two would deadlock.
 */
async function takeSetupLock(client: pg.ClientBase) {
  for (;;) {
    const { rows } = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [
      DATABASE_SETUP_LOCK,
    ]);
    if (rows[0].taken) return;
    await sleep(SETUP_LOCK_POLL_MS);
  }
}

/**
 * Applies pending migrations while holding DATABASE_SETUP_LOCK, with the project's migrator
 * (./migrator.ts: one transaction per migration, none for CONCURRENTLY, a short lock timeout with
 * retries). The lock is a session lock on one connection of its own, and the migrations run on
 * that same connection; it is released before this returns (or by PostgreSQL when the
 * connection drops), so the same process can seed right after without waiting on itself. That
 * connection has the database's own session defaults, not the app's UTC: a migration that
 * converts stored wall times reads them in the zone they were written in (0014's comment).
 */
export async function runMigrations(
  database: Pick<DatabaseHandle, "url">,
  options: Partial<MigratorOptions> = {},
): Promise<string[]> {
  const client = new pg.Client({
    connectionString: database.url,
    connectionTimeoutMillis: 5000,
    application_name: "label-migrations",
  });
  await client.connect();
  try {
    await takeSetupLock(client);
    try {
      return await applyMigrations(client, {
        ...MIGRATION_DEFAULTS,
        migrationsFolder: migrationsFolder(),
        ...options,
      });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [DATABASE_SETUP_LOCK]).catch(() => undefined);
    }
  } finally {
    // Closing the connection also ends its lock, whatever state it is in.
    await client.end().catch(() => undefined);
  }
}
