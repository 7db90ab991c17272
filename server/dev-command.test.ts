import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandOf, descendants, freePort, isAlive, run, waitFor, waitHealthy, type Started } from "./test/processes";

// `npm run dev` as a process manager or an IDE runs it: started, then stopped with one signal to
// the PID it started (npm's), or Ctrl+C in a terminal (SIGINT to the whole process group).
// One data directory for all three, so only the first start creates the embedded cluster.

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "label-dev-"));
  // As root the embedded PostgreSQL runs as user postgres, which must be able to enter it.
  fs.chmodSync(dataDir, 0o755);
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function devEnvironment(port: number) {
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  // The server must see what a developer's shell has: no test runner's variables, no database.
  for (const key of Object.keys(env)) {
    if (
      key === "NODE_ENV" ||
      key.startsWith("VITEST") ||
      key.endsWith("DATABASE_URL") ||
      key === "ADMIN_EMAILS" ||
      key === "MASTER_CODE"
    ) {
      delete env[key];
    }
  }
  return env;
}

/** Holds Vite's live-reload socket open, as a browser tab on the app does. */
async function openLiveReload(port: number): Promise<Socket> {
  const client = await (await fetch(`http://127.0.0.1:${port}/@vite/client`)).text();
  const token = /wsToken\s*=\s*"([^"]*)"/.exec(client)?.[1] ?? "";
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: `/?token=${encodeURIComponent(token)}`,
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": crypto.randomBytes(16).toString("base64"),
        "Sec-WebSocket-Protocol": "vite-hmr",
      },
    });
    request.on("upgrade", (_response, socket) => {
      socket.on("error", () => {});
      resolve(socket);
    });
    request.on("response", (response) => reject(new Error(`no live-reload socket: HTTP ${response.statusCode}`)));
    request.on("error", reject);
    request.end();
  });
}

function postmasterPid(): number | undefined {
  const file = path.join(dataDir, "pg", "postmaster.pid");
  return fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8").split("\n")[0]) : undefined;
}

async function startDev(): Promise<{ dev: Started; port: number }> {
  const port = await freePort();
  // detached: npm leads its own process group, like a command typed in a terminal.
  const dev = run("npm", ["run", "dev", "--silent"], devEnvironment(port), { detached: true });
  try {
    // The first start creates the embedded PostgreSQL cluster; later ones take seconds.
    await waitHealthy(dev, port, 120_000);
  } catch (error) {
    process.kill(-dev.child.pid!, "SIGKILL");
    throw error;
  }
  return { dev, port };
}

async function expectEverythingStopsWithin10s(dev: Started, stop: () => void) {
  const npmPid = dev.child.pid!;
  const pgPid = postmasterPid();
  expect(pgPid, "the embedded PostgreSQL is running").toBeDefined();
  const processes = [npmPid, ...descendants(npmPid)];
  expect(processes).toContain(pgPid);

  const stoppedAt = Date.now();
  stop();
  try {
    await waitFor(
      "every process of npm run dev to end",
      () => processes.every((pid) => !isAlive(pid)) || undefined,
      10_000,
    );
  } catch {
    const left = processes.filter(isAlive).map((pid) => `${pid} ${commandOf(pid)}`);
    process.kill(-npmPid, "SIGKILL");
    for (const pid of processes.filter(isAlive)) process.kill(pid, "SIGKILL");
    throw new Error(`still running 10 s after the signal:\n${left.join("\n")}\n--- output ---\n${dev.output()}`);
  }
  expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  expect(fs.existsSync(path.join(dataDir, "pg", "postmaster.pid")), "PostgreSQL shut down cleanly").toBe(false);
  expect(dev.output()).toContain("stopped cleanly");
}

describe.skipIf(process.platform !== "linux")("npm run dev", () => {
  it("prints the next steps, and SIGINT to npm's PID stops the server and its PostgreSQL, even with a browser tab open", async () => {
    const { dev, port } = await startDev();
    const output = dev.output();
    expect(output).toContain(`Label Records is running: open http://localhost:${port}`);
    expect(output).toContain("Sign in with any e-mail address through the built-in sign-in page.");
    expect(output).toContain("ADMIN_EMAILS=you@example.com npm run dev");
    expect(output).not.toContain("MASTER_CODE");

    const liveReload = await openLiveReload(port);
    await expectEverythingStopsWithin10s(dev, () => process.kill(dev.child.pid!, "SIGINT"));
    liveReload.destroy();
    expect((await dev.exited).code).toBe(0);
  }, 150_000);

  it("SIGTERM to npm's PID stops the server and its PostgreSQL", async () => {
    const { dev } = await startDev();
    await expectEverythingStopsWithin10s(dev, () => process.kill(dev.child.pid!, "SIGTERM"));
  }, 150_000);

  it("Ctrl+C in a terminal (SIGINT to the process group) stops everything cleanly", async () => {
    const { dev } = await startDev();
    await expectEverythingStopsWithin10s(dev, () => process.kill(-dev.child.pid!, "SIGINT"));
    // Nothing worth a warning happened on the way out: no log line at warn level or above
    // (pino: 40 warn, 50 error, 60 fatal), and no PostgreSQL backend killed mid-work.
    const faults = dev
      .output()
      .split("\n")
      .filter((line) => /"level":(4|5|6)0\b/.test(line) || /terminating connection because of unexpected/.test(line));
    expect(faults).toEqual([]);
  }, 150_000);

  it("a stop request while it is still starting leaves no PostgreSQL behind", async () => {
    const port = await freePort();
    const dev = run("npm", ["run", "dev", "--silent"], devEnvironment(port), { detached: true });
    try {
      // PostgreSQL is up; the server is still loading (migrations, Vite).
      await waitFor(
        "the embedded PostgreSQL to start",
        () => {
          const pid = postmasterPid();
          return pid && descendants(dev.child.pid!).includes(pid) ? pid : undefined;
        },
        120_000,
      );
    } catch (error) {
      process.kill(-dev.child.pid!, "SIGKILL");
      throw error;
    }
    const pgPid = postmasterPid()!;
    process.kill(dev.child.pid!, "SIGTERM");
    await waitFor("PostgreSQL to stop", () => !isAlive(pgPid) || undefined, 10_000);
    await dev.exited;
  }, 150_000);
});
