import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../db/embedded";
import { createLogger } from "../lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * API tests run on real PostgreSQL: TEST_DATABASE_URL when set (CI points it at the
 * machine's server), otherwise one embedded PostgreSQL started for the whole run. Each test
 * file then creates its own database on it (server/test/database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("adminDatabaseUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-test-pg-"));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    password: "test-only-password",
    database: "postgres",
    logger: createLogger("silent"),
  });
  project.provide("adminDatabaseUrl", embedded.url);
  return async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
