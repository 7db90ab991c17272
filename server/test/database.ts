import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, runMigrations, type Database } from "../db/database";

export interface TestDatabase {
  url: string;
  db: Database;
  pool: pg.Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh database with every migration applied, for one test file; `{ migrated: false }`
 * leaves it empty (for tests of the start-up itself). `timeZone` sets the database's own
 * TimeZone (what its sessions get unless they ask for another), before anyone connects.
 */
export async function createTestDatabase(
  options: { migrated?: boolean; timeZone?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  if (options.timeZone) {
    await admin.query(`alter database "${name}" set timezone to ${pg.escapeLiteral(options.timeZone)}`);
  }
  await admin.end();

  const url = withDatabase(adminUrl, name);
  const handle = connectDatabase(url);
  if (options.migrated !== false) await runMigrations(handle);
  return {
    url,
    db: handle.db,
    pool: handle.pool,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
