/**
 * `npm run bench`: request rate and p99 latency of the hot API routes on the production build
 * and real PostgreSQL, each beside three servers answering the same bytes from memory: the
 * same server with every middleware (same-server-ceiling.ts: what the route's own work costs),
 * bare Express (ceiling-server.mjs: helmet, compression and JSON only) and a raw node:http
 * server (raw-node-server.mjs: what the machine can do). Targets are judged against raw
 * node:http. Ticket purchases get an oversell check, and so does the shop's checkout: carts of
 * 1–3 lines against a few variants of limited stock, which must also place 600 orders a second
 * (its own server instance, paid through the repo's Stripe stand-in, since the shop's checkout
 * always starts a card payment). The machine's load average is printed
 * beside the table: other work on the same cores lowers every column.
 * Prints a table and exits 1 when a target is missed (BENCH_NO_FAIL=1 only reports).
 *
 * The server is a web instance (RUN_WORKERS=false); BENCH_RUN_WORKERS=1 runs the background
 * workers (e-mail rendering) in it as well.
 * For a closer look: BENCH_ONLY=events runs the routes ending so (several: comma-separated,
 * e.g. BENCH_ONLY=/api/tickets,/api/merchandise-orders for both purchases, BENCH_ONLY=/api/merchandise-orders
 * for the shop's checkout alone, BENCH_ONLY=lines.csv for the statement downloads, BENCH_ONLY=flac.zip
 * for the music store's zips); BENCH_NODE_ARGS passes flags
 * to the servers' node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" for a CPU profile).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { createLogger } from "../../server/lib/logger";
import { HttpSession } from "./http-session";
import type { CeilingPayload } from "./same-server-ceiling";
import { seedBenchData } from "./seed";
import { freePort, waitFor } from "./processes";
import { benchShopCheckout, CHECKOUT_ROUTE } from "./shop-checkout";
import { benchRoyaltyImport } from "./royalty-import";
import { benchStatementDownloads } from "./statement-downloads";
import { benchStoreDownloads } from "./store-downloads";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const PURCHASE_TARGET_RPS = 600;
/**
 * The read routes, each with its target as a share of raw node:http's rate; `member`: every
 * connection carries its own member's session (a session lookup the public lists skip).
 */
type Read = { route: string; member?: boolean; targetRatio: number };
const READS: Read[] = [
  { route: "/api/tour-dates", targetRatio: 0.5 },
  { route: "/api/merchandise", targetRatio: 0.5 },
  { route: "/api/shows", targetRatio: 0.5 },
  { route: "/api/events", member: true, targetRatio: 0.3 },
];
/** A show page's data, for one of the seeded shows. */
const showRead = (showId: string): Read => ({ route: `/api/shows/${showId}`, targetRatio: 0.5 });
const FORWARDED = { "x-forwarded-proto": "https" }; // production cookies are Secure, behind TLS
const ROYALTY_IMPORT_ROUTE = "/api/royalty-imports";
const STATEMENT_LINES_ROUTE = "/api/statements/:id/lines.csv";
const STORE_ZIP_ROUTE = "/api/downloads/:token/flac.zip";
const BENCH_PAYEE = "bench-payee@label.test";
const BENCH_ADMIN = "bench-admin@label.test";

/** Whether BENCH_ONLY (comma-separated route endings) picks this route; all of them without it. */
function chosen(route: string) {
  const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
  return !only?.length || only.some((end) => route.endsWith(end));
}

async function adminDatabaseUrl(): Promise<{ url: string; stop(): Promise<void> }> {
  const external = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (external) return { url: external, stop: async () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-bench-pg-"));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, "pg"),
    password: "bench-only",
    database: "postgres",
    logger: createLogger("silent"),
  });
  return {
    url: embedded.url,
    stop: async () => (await embedded.stop(), fs.rmSync(dir, { recursive: true, force: true })),
  };
}

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const limits = opts.amount ? {} : { duration: DURATION_S };
    autocannon({ connections: CONNECTIONS, ...limits, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== "1") spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  const admin = await adminDatabaseUrl();
  const dbName = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.url });
  await client.connect();
  await client.query(`create database "${dbName}"`);
  await client.end();
  const dbUrl = new URL(admin.url);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // The server and the same-server ceiling share the database, data folder and session secret.
  const serverEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    APP_URL: baseUrl,
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "label-bench-")),
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    ALLOW_BUILTIN_LOGIN: "true",
    LOG_LEVEL: "warn",
    SIGNIN_RATE_LIMIT: "1000000",
    // The royalty import row uploads as an administrator (the built-in sign-in, bench only).
    ADMIN_EMAILS: BENCH_ADMIN,
    ALLOW_BUILTIN_ADMIN: "true",
    PURCHASE_RATE_LIMIT: "100000000",
    // A web instance, as a label runs them for a sale: background work (rendering each order's
    // e-mail with its PDF ticket) runs on instances with workers (docs/operations.md, "Workers
    // with several instances"). BENCH_RUN_WORKERS=1 runs it here too, on the same cores.
    RUN_WORKERS: process.env.BENCH_RUN_WORKERS === "1" ? "true" : "false",
  };
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      path.join(process.env.DIST_DIR ?? "dist", "server/index.js"),
    ],
    {
      env: { ...serverEnv, PORT: String(port) },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const ceilings: ChildProcess[] = [];
  try {
    await waitFor(`${baseUrl}/api/health`, server);
    const seeded = await seedBenchData(dbUrl.toString());

    // Payloads of the read routes, for the ceiling server to answer byte for byte.
    const buyer = await new HttpSession(baseUrl, FORWARDED).signIn("bench-reader@label.test");
    const payloads: CeilingPayload[] = [];
    const reads = [...READS, showRead(seeded.showId)];
    for (const { route, member } of reads) {
      const res = await buyer.request("GET", route);
      payloads.push({ method: "GET", path: route, status: res.status, body: await res.text(), member });
    }
    const sample = await buyer.request(
      "POST",
      "/api/tickets",
      JSON.stringify({ eventId: seeded.openEventId, quantity: 1 }),
      "application/json",
    );
    payloads.push({ method: "POST", path: "/api/tickets", status: 201, body: await sample.text(), member: true });
    const payloadFile = path.join(os.tmpdir(), `bench-payloads-${port}.json`);
    fs.writeFileSync(payloadFile, JSON.stringify(payloads));
    const samePort = await freePort();
    const sameServer = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/bench/same-server-ceiling.ts", payloadFile],
      {
        env: { ...serverEnv, PORT: String(samePort) },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    const barePort = await freePort();
    const bare = spawn(process.execPath, ["scripts/bench/ceiling-server.mjs", String(barePort), payloadFile], {
      stdio: "ignore",
    });
    const rawPort = await freePort();
    const raw = spawn(process.execPath, ["scripts/bench/raw-node-server.mjs", String(rawPort), payloadFile], {
      stdio: "ignore",
    });
    ceilings.push(sameServer, bare, raw);
    await waitFor(`http://127.0.0.1:${samePort}/api/tour-dates`, sameServer);
    await waitFor(`http://127.0.0.1:${barePort}/api/tour-dates`, bare);
    await waitFor(`http://127.0.0.1:${rawPort}/api/tour-dates`, raw);
    const loadBefore = os.loadavg()[0];

    // One signed-in member per connection, so purchases look like real traffic.
    const sessions = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) =>
        new HttpSession(baseUrl, FORWARDED).signIn(`bench-buyer-${i}@label.test`),
      ),
    );
    const purchaseBody = JSON.stringify({ eventId: seeded.openEventId, quantity: 1 });
    let next = 0;
    const purchaseOptions = (url: string): autocannon.Options => ({
      url,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: purchaseBody,
      setupClient: (c) =>
        c.setHeaders({ "content-type": "application/json", cookie: sessions[next++ % sessions.length].cookieHeader }),
    });

    const rows: string[][] = [];
    let failed = false;
    const cases = [...reads, { route: "/api/tickets", member: true, purchase: true, targetRatio: 0 }] as Array<
      Read & { purchase?: boolean }
    >;
    for (const { route, member, purchase, targetRatio } of cases.filter((c) => chosen(c.route))) {
      const asMember = {
        setupClient: (c: autocannon.Client) =>
          c.setHeaders({ cookie: sessions[next++ % sessions.length].cookieHeader }),
      };
      const at = (origin: string) =>
        purchase ? purchaseOptions(origin + route) : { url: origin + route, ...(member ? asMember : {}) };
      const real = await run(at(baseUrl));
      const top = await run(at(`http://127.0.0.1:${samePort}`));
      const fixed = (port: number) =>
        purchase ? purchaseOptions(`http://127.0.0.1:${port}${route}`) : { url: `http://127.0.0.1:${port}${route}` };
      const bareTop = await run(fixed(barePort));
      const rawTop = await run(fixed(rawPort));
      const rate = real.requests.average;
      const ratioToRaw = rate / rawTop.requests.average;
      const errors = real.errors + real.timeouts + (real.non2xx ?? 0) + top.errors + top.timeouts + (top.non2xx ?? 0);
      const pass = errors === 0 && (purchase ? rate >= PURCHASE_TARGET_RPS : ratioToRaw >= targetRatio);
      failed ||= !pass;
      const against = (other: autocannon.Result) => [
        other.requests.average.toFixed(0),
        String(other.latency.p99),
        (rate / other.requests.average).toFixed(2),
      ];
      rows.push([
        `${purchase ? "POST" : "GET"} ${route}`,
        rate.toFixed(0),
        String(real.latency.p99),
        ...against(top),
        ...against(bareTop),
        ...against(rawTop),
        purchase ? `>= ${PURCHASE_TARGET_RPS}/s` : `>= ${targetRatio} of raw`,
        String(errors),
        pass ? "PASS" : "MISS",
      ]);
    }

    // Oversell check: far more concurrent purchases than stock, split over every member.
    let ticketSummary: string | undefined;
    if (chosen("/api/tickets")) {
      const limited = seeded.limitedEvent;
      const demand = await run({
        ...purchaseOptions(baseUrl + "/api/tickets"),
        body: JSON.stringify({ eventId: limited.id, quantity: 1 }),
        amount: limited.stock * 3,
      });
      const check = new pg.Client({ connectionString: dbUrl.toString() });
      await check.connect();
      const sold = await check.query(
        "select coalesce(sum(quantity),0)::int as sold from ticket_purchases where event_id = $1",
        [limited.id],
      );
      const left = await check.query("select available_tickets, status from events where id = $1", [limited.id]);
      await check.end();
      const oversold =
        sold.rows[0].sold + left.rows[0].available_tickets !== limited.stock || left.rows[0].available_tickets < 0;
      failed ||= oversold;
      ticketSummary =
        `\nOversell check: ${limited.stock * 3} purchase requests for ${limited.stock} tickets -> ${sold.rows[0].sold} sold, ` +
        `${left.rows[0].available_tickets} left, status ${left.rows[0].status}, ${demand.non2xx} refused: ${oversold ? "OVERSOLD" : "no oversell"}`;
    }

    // The shop's checkout: carts of 1–3 hot variants, more units than they hold, from every connection at once.
    let checkoutSummary: string | undefined;
    if (chosen(CHECKOUT_ROUTE)) {
      const checkout = await benchShopCheckout({
        dbUrl: dbUrl.toString(),
        serverEnv,
        connections: CONNECTIONS,
        headers: FORWARDED,
      });
      rows.push(checkout.row);
      checkoutSummary = checkout.summary;
      failed ||= !checkout.pass;
    }

    // Distributors' reports of 200,000 and a million lines, streamed in as an administrator uploads them.
    let royaltySummary: string | undefined;
    if (chosen(ROYALTY_IMPORT_ROUTE)) {
      const royalty = await benchRoyaltyImport({
        baseUrl,
        dbUrl: dbUrl.toString(),
        serverPid: server.pid!,
        admin: await new HttpSession(baseUrl, FORWARDED).signIn(BENCH_ADMIN),
      });
      rows.push(...royalty.rows);
      royaltySummary = royalty.summary;
      failed ||= !royalty.pass;
    }

    // One payee downloading a 300,000-line statement 20 times at once, /api/health timed meanwhile.
    let statementSummary: string | undefined;
    if (chosen(STATEMENT_LINES_ROUTE)) {
      const statement = await benchStatementDownloads({
        baseUrl,
        dbUrl: dbUrl.toString(),
        admin: await new HttpSession(baseUrl, FORWARDED).signIn(BENCH_ADMIN),
        payee: await new HttpSession(baseUrl, FORWARDED).signIn(BENCH_PAYEE),
        payeeEmail: BENCH_PAYEE,
      });
      rows.push(statement.row);
      statementSummary = statement.summary;
      failed ||= !statement.pass;
    }

    // A music store release of 10 FLAC tracks downloaded as a zip 50 times at once.
    let storeSummary: string | undefined;
    if (chosen(STORE_ZIP_ROUTE)) {
      const store = await benchStoreDownloads({
        baseUrl,
        dbUrl: dbUrl.toString(),
        dataDir: serverEnv.DATA_DIR,
        serverPid: server.pid!,
        headers: FORWARDED,
      });
      rows.push(store.row);
      storeSummary = store.summary;
      failed ||= !store.pass;
    }

    const header = [
      "route",
      "req/s",
      "p99 ms",
      "same server req/s",
      "p99",
      "ratio",
      "bare Express req/s",
      "p99",
      "ratio",
      "raw node:http req/s",
      "p99",
      "ratio",
      "target",
      "errors",
      "result",
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => "| " + cells.map((c, i) => c.padEnd(widths[i])).join(" | ") + " |";
    console.log(
      `\nBench: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model ?? "?"}), Node ${process.version}`,
    );
    console.log(
      serverEnv.RUN_WORKERS === "true"
        ? "The server runs its background workers on the same cores (BENCH_RUN_WORKERS=1)."
        : "The server is a web instance (RUN_WORKERS=false): e-mails are queued, rendered by worker instances.",
    );
    console.log(
      `Load average (1 min) before the runs ${loadBefore.toFixed(2)}, after ${os.loadavg()[0].toFixed(2)}: above the CPU count, other work shared the machine.`,
    );
    console.log(line(header));
    console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
    for (const r of rows) console.log(line(r));
    if (ticketSummary) console.log(ticketSummary);
    if (checkoutSummary) console.log(checkoutSummary);
    if (royaltySummary) console.log(royaltySummary);
    if (statementSummary) console.log(statementSummary);
    if (storeSummary) console.log(storeSummary);
    if (failed && process.env.BENCH_NO_FAIL !== "1") process.exitCode = 1;
  } finally {
    for (const ceiling of ceilings) ceiling.kill("SIGTERM");
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    const cleanup = new pg.Client({ connectionString: admin.url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${dbName}" with (force)`);
    await cleanup.end();
    await admin.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
