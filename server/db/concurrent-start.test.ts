import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { tourDates, users } from "@shared/schema";
import { loadConfig } from "../config";
import { createLogger } from "../lib/logger";
import { generateLocalSecrets } from "../lib/secrets";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { freePort, repoRoot, run, waitHealthy, type Started } from "../test/processes";
import { openDatabase } from "./bootstrap";
import { migrationsFolder } from "./database";
import { seedDemo } from "./seed";

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

let database: TestDatabase | undefined;
const started: Started[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const server of started.splice(0)) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  await database?.drop();
  database = undefined;
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function expectFullySetUp(db: TestDatabase["db"]) {
  const applied = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  expect(applied.rows[0].count).toBe(journal.entries.length);
  // The demo content went in exactly once, whoever got there first.
  expect(await db.$count(tourDates)).toBe(8);
  expect(await db.$count(users)).toBe(0);
}

describe("instances starting at the same moment on one empty database", () => {
  it("all finish migrating and seeding, and the schema and demo content are there once", async () => {
    database = await createTestDatabase({ migrated: false });
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: database.url });
    const logger = createLogger("silent");

    const instances = await Promise.allSettled(
      Array.from({ length: 4 }, async () => {
        // Each opens its own pool, as separate processes would.
        const handle = await openDatabase(config, generateLocalSecrets(), logger);
        try {
          return await seedDemo(handle.db);
        } finally {
          await handle.close();
        }
      }),
    );

    expect(instances.map((i) => (i.status === "rejected" ? String(i.reason?.cause ?? i.reason) : "ok"))).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
    ]);
    expect(instances.filter((i) => i.status === "fulfilled" && i.value === true)).toHaveLength(1);
    await expectFullySetUp(database.db);
  });

  it("as real server processes, all become healthy", async () => {
    database = await createTestDatabase({ migrated: false });
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    for (const port of ports) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "label-instance-"));
      dirs.push(dataDir);
      started.push(
        run(process.execPath, ["--import", "tsx", path.join(repoRoot, "server/index.ts")], {
          ...process.env,
          NODE_ENV: "test",
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          SEED_DEMO: "true",
          LOG_LEVEL: "warn",
        }),
      );
    }
    await Promise.all(started.map((server, i) => waitHealthy(server, ports[i], 60_000)));
    await expectFullySetUp(database.db);
    // The plain next-steps text is for a person running `npm run dev`, not for tests.
    for (const server of started) expect(server.output()).not.toContain("Label Records is running: open");
  }, 90_000);
});
