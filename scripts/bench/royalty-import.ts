/**
 * The bench's "royalty import" rows: DistroKid reports of 200,000 and 1,000,000 lines (generated
 * here, ~19 and ~95 MB) imported through POST /api/royalty-imports as an administrator, each
 * beside raw COPYs of the same file into a table of 13 text columns on the same database (their
 * median). Targets: under 60 s, and at least 0.25 of the raw COPY's speed at either size, so
 * what an import pays once does not hide behind a large file
 * (docs/decisions/034-streamed-royalty-imports.md, 045-royalties-as-one-room.md). The server's
 * resident memory is sampled meanwhile: the file streams through, so it must stay flat. The CPU
 * the server and the database used is printed beside the times. BENCH_ROYALTY_LINES (e.g.
 * "200000,1000000") sets the sizes.
 */
import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { HttpSession } from "./http-session";

const SIZES = (process.env.BENCH_ROYALTY_LINES ?? "200000,1000000").split(",").map(Number);
const CODES = 2000;
/** Codes the catalogue knows; the rest are reported but unmatched. */
const KNOWN = 1800;
const MAX_SECONDS = 60;
const MIN_RATIO = 0.25;
/** Raw COPYs of each report; their median is what the import is measured against. */
const RAW_COPIES = 3;
const HEADER =
  "Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)";
const STORES = ["Spotify", "Apple Music", "YouTube (Ads)", "Amazon Music", "Deezer", "Tidal", "iTunes", "TikTok"];
const COUNTRIES = ["US", "GB", "DE", "FR", "BR", "SE", "JP", "CA", "AU", "MX", "NL", "KR"];

const isrcOf = (n: number) => `QZBEN26${String(n).padStart(5, "0")}`;
const upcOf = (n: number) => `19876${String(n).padStart(7, "0")}`;

/** The catalogue: a release per ten of the known codes, each with its ten tracks. */
async function seedCatalogue(dbUrl: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    for (let r = 0; r < KNOWN / 10; r++) {
      const { rows } = await db.query<{ id: string }>(
        "insert into releases (title, artist, upc) values ($1, 'Bench Artist', $2) returning id",
        [`Bench Release ${r}`, upcOf(r)],
      );
      const isrcs = Array.from({ length: 10 }, (_, t) => isrcOf(r * 10 + t));
      await db.query(
        "insert into tracks (release_id, title, isrc, position) select $1, 'Track ' || i, isrc, i from unnest($2::text[]) with ordinality as x(isrc, i)",
        [rows[0].id, isrcs],
      );
    }
  } finally {
    await db.end();
  }
}

/** A DistroKid report of LINES lines with random six-decimal amounts; its path. */
async function writeReport(dir: string, lines: number): Promise<string> {
  const file = path.join(dir, `distrokid-bench-${lines}.tsv`);
  const out = fs.createWriteStream(file);
  let chunk = HEADER + "\n";
  for (let i = 0; i < lines; i++) {
    const code = Math.floor(Math.random() * CODES);
    const album = i % 20 === 0;
    const amount = (Math.floor(Math.random() * 50_000_000) / 1e6).toFixed(6);
    chunk +=
      `2026-02-07\t2025-12\t${STORES[i % STORES.length]}\tBench Artist\t${album ? "Bench Album" : `Song ${code}`}\t` +
      `${album ? "" : isrcOf(code)}\t${album ? upcOf(code % (KNOWN / 10)) : ""}\t${1 + (i % 5000)}\t100\t` +
      `${album ? "Album" : "Song"}\t${COUNTRIES[i % COUNTRIES.length]}\t0\t${amount}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
  return file;
}

/** Seconds a raw COPY of the file (header skipped) into 13 text columns takes, and its backend's CPU. */
async function rawCopy(dbUrl: string, file: string): Promise<{ seconds: number; cpuMs: number }> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const columns = Array.from({ length: 13 }, (_, i) => `c${i} text`).join(", ");
    await db.query(`create temp table raw_report (${columns})`);
    const { pid } = (await db.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0];
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    await pipeline(fs.createReadStream(file), db.query(copyFrom("copy raw_report from stdin with (header true)")));
    return { seconds: (performance.now() - started) / 1000, cpuMs: cpuMs(pid) - cpuBefore };
  } finally {
    await db.end();
  }
}

/** CPU milliseconds a local process has used (user and system), or NaN when it cannot be read. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * The CPU the database's backends of the bench database used while `work` ran (PostgreSQL on
 * this machine; NaN elsewhere). Wall times move with whatever else shares the cores, CPU
 * times much less: they say where an import's time goes.
 */
async function databaseCpuMs(dbUrl: string, work: () => Promise<unknown>): Promise<number> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const backends = async () =>
    (
      await db.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      )
    ).rows.map((row) => row.pid);
  try {
    const before = new Map((await backends()).map((pid) => [pid, cpuMs(pid)]));
    await work();
    let total = 0;
    for (const pid of new Set([...before.keys(), ...(await backends())])) {
      // A backend gone meanwhile (its CPU unreadable) is left out.
      const used = cpuMs(pid) - (before.get(pid) ?? 0);
      if (Number.isFinite(used)) total += used;
    }
    return total;
  } finally {
    await db.end();
  }
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** POSTs the file as multipart, streamed from disk, as the admins' page does. */
function postReport(baseUrl: string, session: HttpSession, file: string) {
  const boundary = `----bench${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="distrokid-bench.tsv"\r\n` +
      `Content-Type: text/tab-separated-values\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/royalty-imports`,
      {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": length,
          cookie: session.cookieHeader,
          "x-forwarded-proto": "https",
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(head);
    const stream = fs.createReadStream(file);
    stream.on("error", reject);
    stream.on("end", () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

interface Options {
  baseUrl: string;
  dbUrl: string;
  serverPid: number;
  admin: HttpSession;
}

/** One report of `lines` lines: imported, and copied raw, in the same run. */
async function benchOneSize(options: Options, dir: string, lines: number) {
  const file = await writeReport(dir, lines);
  try {
    const megabytes = fs.statSync(file).size / 1e6;
    // The median of three raw COPYs: one of them alone moves with whatever else shares the cores.
    const copies = [];
    for (let i = 0; i < RAW_COPIES; i++) copies.push(await rawCopy(options.dbUrl, file));
    const copy = copies.sort((a, b) => a.seconds - b.seconds)[Math.floor(RAW_COPIES / 2)];
    const copySeconds = copy.seconds;

    const before = rssKb(options.serverPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(options.serverPid))), 50);
    const serverCpuBefore = cpuMs(options.serverPid);
    let importSeconds = 0;
    let answer: { status: number; body: string } = { status: 0, body: "" };
    const databaseCpu = await databaseCpuMs(options.dbUrl, async () => {
      const started = performance.now();
      answer = await postReport(options.baseUrl, options.admin, file).finally(() => clearInterval(sampler));
      importSeconds = (performance.now() - started) / 1000;
    });
    const serverCpu = cpuMs(options.serverPid) - serverCpuBefore;
    const result = answer.status === 201 ? (JSON.parse(answer.body) as Record<string, unknown>) : undefined;
    const ratio = copySeconds / importSeconds;
    const pass = result?.lines === lines && importSeconds < MAX_SECONDS && ratio >= MIN_RATIO;
    const growthMb = (peak - before) / 1024;
    const row = [
      `POST /api/royalty-imports (${lines.toLocaleString("en-US")} lines)`,
      `${(lines / importSeconds).toFixed(0)} lines`,
      `${importSeconds.toFixed(2)} s`,
      ...Array<string>(8).fill("-"),
      `${ratio.toFixed(2)} of COPY`,
      `< ${MAX_SECONDS} s, >= ${MIN_RATIO} of COPY`,
      result ? "0" : "1",
      pass ? "PASS" : "MISS",
    ];
    const summary =
      `Royalty import: ${lines.toLocaleString("en-US")} DistroKid lines (${megabytes.toFixed(1)} MB) -> ` +
      (result
        ? `${String(result.lines)} lines, ${String(result.matched)} matched, ${String(result.unmatched)} unmatched, total ${String(result.total)}; `
        : `answer ${answer.status} ${answer.body.slice(0, 200)}; `) +
      `import ${importSeconds.toFixed(2)} s, raw COPY into 13 text columns ${copySeconds.toFixed(2)} s (median of ${RAW_COPIES}), ` +
      `ratio ${ratio.toFixed(2)} (target >= ${MIN_RATIO}, under ${MAX_SECONDS} s): ${pass ? "PASS" : "MISS"}. ` +
      `CPU: the server ${serverCpu.toFixed(0)} ms and the database ${databaseCpu.toFixed(0)} ms for the import, ` +
      `the database ${copy.cpuMs.toFixed(0)} ms for the raw COPY. ` +
      `Server RSS ${(before / 1024).toFixed(0)} MB before, peak growth during the import ${growthMb.toFixed(0)} MB.`;
    return { row, summary, pass };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

export async function benchRoyaltyImport(
  options: Options,
): Promise<{ rows: string[][]; summary: string; pass: boolean }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-bench-royalties-"));
  try {
    await seedCatalogue(options.dbUrl);
    const results = [];
    for (const lines of SIZES) results.push(await benchOneSize(options, dir, lines));
    return {
      rows: results.map((r) => r.row),
      summary: results.map((r) => r.summary).join("\n"),
      pass: results.every((r) => r.pass),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
