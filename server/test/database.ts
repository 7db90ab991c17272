import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, type Database } from "../db/database";
import { withDatabase } from "./database-url";

export interface TestDatabase {
  url: string;
  db: Database;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * A fresh database with every migration applied, for one test file: a copy of the run's
 * migrated template (server/test/global-setup.ts); `{ migrated: false }` leaves it empty (for
 * tests of the start-up itself). `timeZone` sets the database's own
 * TimeZone (what its sessions get unless they ask for another), before anyone connects.
 */
export async function createTestDatabase(
  options: { migrated?: boolean; timeZone?: string } = {},
): Promise<TestDatabase> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const migrated = options.migrated !== false;
  const template = migrated ? ` template "${inject("templateDatabase")}"` : "";
  await admin.query(`create database "${name}"${template}`);
  if (options.timeZone) {
    await admin.query(`alter database "${name}" set timezone to ${pg.escapeLiteral(options.timeZone)}`);
  }
  await admin.end();

  const url = withDatabase(adminUrl, name);
  const handle = connectDatabase(url);
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
