import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase, runMigrations } from "../db/database";
import { startEmbeddedPostgres } from "../db/embedded";
import { createLogger } from "../lib/logger";
import { withDatabase } from "./database-url";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A database with every migration applied, which each test file's database is cloned from. */
    templateDatabase: string;
  }
}

/**
 * Migrates one database for the whole run; every test file then clones it with
 * `CREATE DATABASE … TEMPLATE` (a file copy, a few tens of milliseconds) instead of applying
 * every migration again (docs/decisions/042-a-short-test-run.md). Nobody may stay connected to
 * a template while it is copied, so the migrating connection is closed before any test starts.
 */
async function createTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `template_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const handle = connectDatabase(withDatabase(adminUrl, name));
  await runMigrations(handle);
  await handle.close();
  return {
    name,
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * API tests run on real PostgreSQL: TEST_DATABASE_URL when set (CI points it at the
 * machine's server), otherwise one embedded PostgreSQL started for the whole run. Each test
 * file then creates its own database on it (server/test/database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const template = await createTemplate(process.env.TEST_DATABASE_URL);
    project.provide("adminDatabaseUrl", process.env.TEST_DATABASE_URL);
    project.provide("templateDatabase", template.name);
    return () => template.drop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-test-pg-"));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    password: "test-only-password",
    database: "postgres",
    logger: createLogger("silent"),
    // A throwaway server: nothing it writes must survive a crash, so nothing waits for the disk
    // (every test file's database copy and commit would).
    settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  const template = await createTemplate(embedded.url);
  project.provide("adminDatabaseUrl", embedded.url);
  project.provide("templateDatabase", template.name);
  return async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
