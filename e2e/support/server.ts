import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

export interface BuiltServer {
  baseUrl: string;
  databaseUrl: string;
  process: ChildProcess;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function createDatabase(): Promise<string> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `e2e_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the run's migrated template: the server's start then finds every migration applied.
  await admin.query(`create database "${name}" template "${inject("templateDatabase")}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the production build (dist/server/index.js) on its own fresh database, in test mode
 * so that cookies work over plain http on localhost. `env` adds or overrides variables.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const databaseUrl = env.DATABASE_URL ?? (await createDatabase());
  const baseUrl = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "label-e2e-"));
  const entry = path.join(process.env.DIST_DIR ?? "dist", "server/index.js");
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      APP_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      SEED_DEMO: "false",
      SIGNIN_RATE_LIMIT: "100000",
      PURCHASE_RATE_LIMIT: "100000",
      UPLOAD_RATE_LIMIT: "100000",
      UNPAID_HOLDS_PER_ADDRESS: "100000",
      UNPAID_HOLDS_PER_EMAIL: "100000",
      READ_CACHE_TTL_MS: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start (code ${child.exitCode})`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 30 s");
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    databaseUrl,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
