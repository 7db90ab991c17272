import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type pg from "pg";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { Logger } from "../lib/logger";

/**
 * A migration whose first line is this runs statement by statement outside a transaction, as
 * `CREATE INDEX CONCURRENTLY` and `DROP INDEX CONCURRENTLY` require. Its statements must be safe
 * to run again (`IF NOT EXISTS`, `IF EXISTS`): a failure part-way leaves it unrecorded, and the
 * next start runs it from the top (docs/operations.md, "Migrations on busy tables").
 */
export const NO_TRANSACTION_MARKER = "-- migrate: no-transaction";

export interface MigratorOptions {
  migrationsFolder: string;
  /**
   * How long a statement may wait for a table lock before the migration is rolled back and tried
   * again. A DDL statement waiting for its lock makes every later query on that table wait behind
   * it, so it must give up quickly rather than queue behind a long transaction.
   */
  lockTimeoutMs: number;
  /** Tries per migration before the start fails; the pause between them grows up to 5 s. */
  attempts: number;
  retryDelayMs: number;
  logger?: Logger;
}

/** drizzle's own bookkeeping, kept as drizzle's migrator keeps it so either can pick up after the other. */
const MIGRATIONS_TABLE = `"drizzle"."__drizzle_migrations"`;
/** lock_not_available (lock_timeout) and deadlock_detected: someone else held the table; try again. */
const RETRYABLE = new Set(["55P03", "40P01"]);
const MAX_RETRY_DELAY_MS = 5_000;

type Migration = ReturnType<typeof readMigrationFiles>[number] & { tag: string };

/** The migrations with their journal tags (readMigrationFiles keeps the journal's order). */
function readMigrations(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder }).map((migration, i) => ({
    ...migration,
    tag: journal.entries[i].tag,
  }));
}

const statementsOf = (migration: Migration) => migration.sql.filter((statement) => statement.trim() !== "");
const isNoTransaction = (migration: Migration) => migration.sql[0]?.trimStart().startsWith(NO_TRANSACTION_MARKER);
const CONCURRENTLY = /\bconcurrently\b/i;
const CONCURRENT_INDEX =
  /^\s*create\s+(?:unique\s+)?index\s+concurrently\s+(?:if\s+not\s+exists\s+)?("(?:[^"]|"")+"|[\w$]+)/im;

async function record(client: pg.ClientBase, migration: Migration) {
  await client.query(`insert into ${MIGRATIONS_TABLE} ("hash", "created_at") values ($1, $2)`, [
    migration.hash,
    migration.folderMillis,
  ]);
}

async function applyInTransaction(client: pg.ClientBase, migration: Migration) {
  await client.query("begin");
  try {
    for (const statement of statementsOf(migration)) await client.query(statement);
    await record(client, migration);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}

/**
 * A CREATE INDEX CONCURRENTLY that failed (lock timeout, a duplicate in a unique index, a killed
 * connection) leaves an invalid index behind, which IF NOT EXISTS would then keep: drop it first.
 */
async function dropInvalidIndex(client: pg.ClientBase, statement: string) {
  const name = CONCURRENT_INDEX.exec(statement)?.[1];
  if (!name) return;
  const quoted = name.startsWith('"') ? name : `"${name}"`;
  const { rows } = await client.query<{ invalid: boolean }>(
    "select not i.indisvalid as invalid from pg_index i where i.indexrelid = to_regclass($1)",
    [quoted],
  );
  if (rows[0]?.invalid) await client.query(`drop index concurrently if exists ${quoted}`);
}

async function applyOutsideTransaction(client: pg.ClientBase, migration: Migration, lockTimeoutMs: number) {
  for (const statement of statementsOf(migration)) {
    // A concurrent index build waits for older transactions without blocking anyone's reads or
    // writes, so it may wait as long as it needs; a short lock timeout would only fail it.
    const concurrent = CONCURRENTLY.test(statement);
    if (concurrent) await client.query("set lock_timeout = 0");
    try {
      if (concurrent) await dropInvalidIndex(client, statement);
      await client.query(statement);
    } finally {
      if (concurrent) await client.query(`set lock_timeout = ${lockTimeoutMs}`);
    }
  }
  await record(client, migration);
}

function isRetryable(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: string } | undefined)?.code ?? "");
}

/**
 * Applies the pending migrations of `migrationsFolder` on `client`, each in its own transaction
 * (or none, see NO_TRANSACTION_MARKER), and records each one in drizzle's table exactly as
 * drizzle's migrator does (same hash and created_at), so databases it migrated are picked up
 * where it left off. Pending means newer than the last recorded one, as drizzle decides. The
 * caller holds the setup lock. Returns the tags applied.
 */
export async function applyMigrations(client: pg.ClientBase, options: MigratorOptions): Promise<string[]> {
  const { lockTimeoutMs, attempts, retryDelayMs, logger } = options;
  await client.query(`create schema if not exists "drizzle"`);
  await client.query(
    `create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
  );
  const { rows } = await client.query<{ created_at: string }>(
    `select created_at from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  );
  const last = rows[0] ? Number(rows[0].created_at) : undefined;
  const pending = readMigrations(options.migrationsFolder).filter((m) => last === undefined || last < m.folderMillis);
  if (pending.length === 0) return [];

  // A migration may take as long as it needs once it has its locks (no statement timeout), but
  // waits only briefly for them.
  await client.query(`set statement_timeout = 0; set lock_timeout = ${lockTimeoutMs}`);
  const applied: string[] = [];
  try {
    for (const migration of pending) {
      for (let attempt = 1; ; attempt++) {
        try {
          if (isNoTransaction(migration)) await applyOutsideTransaction(client, migration, lockTimeoutMs);
          else await applyInTransaction(client, migration);
          break;
        } catch (error) {
          if (!isRetryable(error) || attempt >= attempts) throw error;
          const delay = Math.min(retryDelayMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
          logger?.warn(
            { err: error, migration: migration.tag, attempt },
            "migration %s waited too long for a lock; trying again in %d ms",
            migration.tag,
            delay,
          );
          await sleep(delay);
        }
      }
      logger?.debug({ migration: migration.tag }, "applied migration %s", migration.tag);
      applied.push(migration.tag);
    }
  } finally {
    await client.query("reset lock_timeout; reset statement_timeout");
  }
  return applied;
}
