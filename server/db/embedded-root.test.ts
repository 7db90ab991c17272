import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canEnter, canRun, isRoot, placeForRoot, postgresUser } from "./embedded-root";
import { EmbeddedPostgresError, installedPrograms, startEmbeddedPostgres, type PostgresPrograms } from "./embedded";

// As root the embedded PostgreSQL runs its programs as user postgres. A checkout under /root
// or in a `mktemp -d` directory (mode 700) is out of that user's reach: these tests put a copy
// of the programs and the data directory in exactly such a directory.

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
  );
  return { logger, lines };
}

/** A copy of a folder made of hard links where the file system allows (fast), else copies. */
function linkTree(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

let unreachable: string;
/** The programs where user postgres cannot reach them, and where it can. */
let programs: PostgresPrograms;
let reachablePrograms: PostgresPrograms;
const cleanup: string[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-root-test-"));
  cleanup.push(dir);
  return dir;
}

beforeAll(async () => {
  if (!isRoot()) return;
  // The checkout running this test may itself be out of user postgres's reach.
  const installed = await installedPrograms();
  unreachable = fs.mkdtempSync(path.join(os.tmpdir(), "label-checkout-"));
  cleanup.push(unreachable);
  expect(fs.statSync(unreachable).mode & 0o777).toBe(0o700);
  const nativeDir = path.join(unreachable, "node_modules", "native");
  linkTree(installed.nativeDir, nativeDir);
  programs = { nativeDir, version: "test-copy" };
  const open = tempDir();
  fs.chmodSync(open, 0o755);
  linkTree(installed.nativeDir, path.join(open, "native"));
  reachablePrograms = { nativeDir: path.join(open, "native"), version: "test-copy" };
});
afterAll(() => {
  for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!isRoot())("the embedded PostgreSQL started as root", () => {
  it("tells apart what user postgres can and cannot reach", () => {
    const postgres = postgresUser();
    expect(canRun(path.join(reachablePrograms.nativeDir, "bin", "postgres"), postgres)).toBe(true);
    expect(canRun(path.join(programs.nativeDir, "bin", "postgres"), postgres)).toBe(false);
    expect(canEnter(os.tmpdir(), postgres)).toBe(true);
    expect(canEnter(path.join(unreachable, "node_modules"), postgres)).toBe(false);
  });

  it("starts from a checkout user postgres cannot enter, keeps its data in the cache, and finds it again", async () => {
    const cache = tempDir();
    const dataDir = path.join(unreachable, ".data", "pg");
    const { logger, lines } = capturingLogger();

    const first = await startEmbeddedPostgres({
      dataDir,
      password: "root-test",
      database: "label",
      logger,
      programs,
      rootCacheDir: cache,
    });
    try {
      expect(path.dirname(first.dataDir)).toBe(cache);
      expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
      expect(lines.join("")).toContain(`so the embedded PostgreSQL keeps its data in ${first.dataDir}`);
      expect(fs.existsSync(path.join(cache, "postgres-test-copy", "bin", "postgres"))).toBe(true);
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query("create table kept (id int)");
      await client.end();
    } finally {
      await first.stop();
    }

    const again = await startEmbeddedPostgres({
      dataDir,
      password: "root-test",
      database: "label",
      logger,
      programs,
      rootCacheDir: cache,
    });
    try {
      expect(again.dataDir).toBe(first.dataDir);
      const client = new pg.Client({ connectionString: again.url });
      await client.connect();
      const kept = await client.query("select count(*)::int as count from kept");
      expect(kept.rows[0].count).toBe(0);
      await client.end();
    } finally {
      await again.stop();
    }
    expect(fs.existsSync(path.join(first.dataDir, "postmaster.pid"))).toBe(false);
  }, 120_000);

  it("leaves programs and data in place when user postgres can reach them", () => {
    const cache = tempDir();
    const reachable = tempDir();
    fs.chmodSync(reachable, 0o755);
    const { logger } = capturingLogger();
    const placed = placeForRoot({
      nativeDir: reachablePrograms.nativeDir,
      postgresProgram: path.join(reachablePrograms.nativeDir, "bin", "postgres"),
      version: reachablePrograms.version,
      dataDir: path.join(reachable, "pg"),
      cacheDir: cache,
      logger,
    });
    expect(placed.nativeDir).toBe(reachablePrograms.nativeDir);
    expect(placed.dataDir).toBe(path.join(reachable, "pg"));
    expect(fs.readdirSync(cache)).toEqual([]);
  });

  it("refuses a cache directory that others could write to, with one line saying what to do", async () => {
    const cache = tempDir();
    fs.chmodSync(cache, 0o777);
    const { logger } = capturingLogger();
    const start = startEmbeddedPostgres({
      dataDir: path.join(unreachable, ".data", "pg"),
      password: "root-test",
      database: "label",
      logger,
      programs,
      rootCacheDir: cache,
    });
    await expect(start).rejects.toBeInstanceOf(EmbeddedPostgresError);
    const message = await start.catch((error: Error) => error.message);
    expect(message).not.toContain("\n");
    expect(message).toMatch(/user 'postgres' cannot reach the checkout/);
    expect(message).toMatch(/set DATABASE_URL/);
  });
});
