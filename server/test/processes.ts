import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A port nobody listens on right now, for a server started in a child process. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Started {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs a command from the repository root, keeping its output for assertions and failures. */
export function run(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  options: { detached?: boolean } = {},
): Started {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** 200 from GET /api/health, or undefined while the server is not there yet. */
export async function healthy(port: number): Promise<true | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    return response.status === 200 ? true : undefined;
  } catch {
    return undefined;
  }
}

/** Waits until the server answers its health check; fails at once with its output if it exits. */
export async function waitHealthy(started: Started, port: number, timeoutMs: number) {
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void started.exited.then((result) => (exited = result));
  await waitFor(
    `the server on port ${port} to be healthy`,
    async () => {
      if (exited) throw new Error(`the server exited (${exited.code ?? exited.signal}) before it was healthy`);
      return healthy(port);
    },
    timeoutMs,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- output ---\n${started.output()}`);
  });
}

/** Every process below `pid` (Linux /proc), for checking that none outlives a stop. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (2nd field) is in parentheses and may contain spaces: parse after it.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const child of children.get(p) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** The command line of a process, for messages about the ones left running. */
export function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
  } catch {
    return "(gone)";
  }
}
