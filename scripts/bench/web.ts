/**
 * `npm run bench:web`: front-end budgets on the production build. Prints the JavaScript the
 * landing (signed out) and /tickets (signed in) load on the wire, each against its budget, every
 * route chunk's size as sent, and Lighthouse performance scores (landing >= 0.95, tickets >= 0.9)
 * measured in Debian's Chromium. Exits 1 when a budget is missed (BENCH_NO_FAIL=1 only reports);
 * BENCH_VERBOSE=1 also lists each measured page's scripts.
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import pg from "pg";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { createLogger } from "../../server/lib/logger";
import { LANDING_BUDGET_BYTES, SIGNED_IN_BUDGET_BYTES } from "../page-budgets.mjs";
import { HttpSession } from "./http-session";
import { CHROMIUM_FLAGS, cookiesFor, launchChromium, measurePageJavaScript } from "./page-javascript";

/** The JavaScript a page load costs on the wire, against its budget (scripts/page-budgets.mjs). */
const PAGE_JS_BUDGETS: Array<{ path: string; budget: number; signedIn: boolean }> = [
  { path: "/", budget: LANDING_BUDGET_BYTES, signedIn: false },
  { path: "/tickets", budget: SIGNED_IN_BUDGET_BYTES, signedIn: true },
];
const SCORE_TARGETS: Array<{ path: string; target: number; signedIn: boolean }> = [
  { path: "/", target: 0.95, signedIn: false },
  { path: "/tickets", target: 0.9, signedIn: true },
];

const distDir = process.env.DIST_DIR ?? "dist";
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A built file's size as the server sends it to Chrome: its Brotli copy when it has one. */
function sentSize(file: string) {
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}

/** Each page chunk with what it imports statically beyond the entry's own first load. */
function chunkReport() {
  const publicDir = path.join(distDir, "public");
  const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }
  >;
  const closure = (key: string, seen = new Set<string>()): string[] => {
    if (seen.has(key)) return [];
    seen.add(key);
    return [manifest[key].file, ...(manifest[key].imports ?? []).flatMap((k) => closure(k, seen))];
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const firstLoad = closure(entryKey).filter((f) => f.endsWith(".js"));
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.includes("pages/"))
    .map(([key]) => {
      const own = closure(key).filter((f) => f.endsWith(".js") && !firstLoad.includes(f));
      return {
        route: path.basename(key).replace(/\.tsx?$/, ""),
        bytes: own.reduce((s, f) => s + sentSize(path.join(publicDir, f)), 0),
      };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== "1") spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  const pages = chunkReport();
  let failed = false;

  const externalDb = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "label-web-pg-"));
  fs.chmodSync(pgDir, 0o755);
  const embedded = externalDb
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(pgDir, "pg"),
        password: "bench-only",
        database: "postgres",
        logger: createLogger("silent"),
      });
  const adminUrl = externalDb ?? embedded!.url;
  const dbName = `webbench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // Test mode serves the same build; it only lets the session cookie work over plain http.
  const server = spawn(process.execPath, [path.join(distDir, "server/index.js")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      APP_URL: baseUrl,
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "label-web-")),
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
  });
  const scores: string[][] = [];
  const weights: string[][] = [];
  try {
    for (
      let i = 0;
      i < 200 &&
      !(await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const member = await new HttpSession(baseUrl).signIn("lighthouse@label.test");
    const browser = await launchChromium();
    try {
      for (const { path: route, budget, signedIn } of PAGE_JS_BUDGETS) {
        const { bytes, files } = await measurePageJavaScript(browser, `${baseUrl}${route}`, {
          cookies: signedIn ? cookiesFor(baseUrl, member.cookieHeader) : undefined,
          ready: "main h1",
        });
        const pass = bytes <= budget;
        failed ||= !pass;
        weights.push([
          route,
          bytes.toLocaleString("en"),
          `<= ${budget.toLocaleString("en")}`,
          String(files.length),
          pass ? "PASS" : "MISS",
        ]);
        if (process.env.BENCH_VERBOSE === "1")
          for (const file of files.sort((a, b) => b.bytes - a.bytes))
            console.log(`  ${route} ${String(file.bytes).padStart(7)} ${file.encoding.padEnd(8)} ${file.path}`);
      }
    } finally {
      await browser.close();
    }
    for (const { path: route, target, signedIn } of SCORE_TARGETS) {
      // Lighthouse scores wander from run to run: report the median of three.
      const runs = [];
      for (let i = 0; i < 3; i++) {
        const result = await lighthouse(`${baseUrl}${route}`, {
          port: chrome.port,
          onlyCategories: ["performance"],
          output: "json",
          logLevel: "error",
          extraHeaders: signedIn ? { Cookie: member.cookieHeader } : undefined,
        });
        const lhr = result!.lhr;
        if (lhr.runtimeError)
          console.error(`Lighthouse could not measure ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        else runs.push(lhr);
      }
      runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)];
      // BENCH_LHR_DIR keeps the median report of each route for a closer look.
      if (process.env.BENCH_LHR_DIR && lhr) {
        fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
        fs.writeFileSync(
          path.join(process.env.BENCH_LHR_DIR, `${route === "/" ? "landing" : route.slice(1)}.json`),
          JSON.stringify(lhr),
        );
      }
      const score = lhr?.categories.performance.score ?? 0;
      const metric = (id: string) => lhr?.audits[id]?.displayValue ?? "?";
      const pass = score >= target;
      failed ||= !pass;
      scores.push([
        route,
        score.toFixed(2),
        `>= ${target}`,
        metric("first-contentful-paint"),
        metric("largest-contentful-paint"),
        metric("total-blocking-time"),
        metric("cumulative-layout-shift"),
        pass ? "PASS" : "MISS",
      ]);
    }
  } finally {
    await chrome.kill();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${dbName}" with (force)`);
    await cleanup.end();
    await embedded?.stop();
  }

  const table = (header: string[], rows: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => "| " + cells.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
    console.log(line(header));
    console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
    for (const row of rows) console.log(line(row));
  };
  console.log("\nJavaScript of a page load, bytes on the wire (Brotli, as Chrome asks), loaded as it mounts:");
  table(["route", "bytes", "budget", "files", "result"], weights);
  console.log("\nRoute chunks (loaded on demand, as sent, beyond the entry's first load):");
  for (const p of pages) console.log(`  ${p.route.padEnd(32)} ${kb(p.bytes)}`);
  console.log("\nLighthouse performance (mobile preset, simulated throttling):");
  table(["route", "score", "target", "FCP", "LCP", "TBT", "CLS", "result"], scores);
  if (failed && process.env.BENCH_NO_FAIL !== "1") process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
