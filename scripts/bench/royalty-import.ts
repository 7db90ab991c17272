/**
 * The bench's "royalty import" row: a 1,000,000-line DistroKid report (generated here, ~95 MB)
 * imported through POST /api/royalty-imports as an administrator, beside a raw COPY of the same
 * file into a table of 13 text columns on the same database. Targets: under 60 s, and at least
 * 0.25 of the raw COPY's speed (docs/decisions/034-streamed-royalty-imports.md). The server's
 * resident memory is sampled meanwhile: the file streams through, so it must stay flat.
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

const LINES = Number(process.env.BENCH_ROYALTY_LINES ?? 1_000_000);
const CODES = 2000;
/** Codes the catalogue knows; the rest are reported but unmatched. */
const KNOWN = 1800;
const MAX_SECONDS = 60;
const MIN_RATIO = 0.25;
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
async function writeReport(dir: string): Promise<string> {
  const file = path.join(dir, "distrokid-bench.tsv");
  const out = fs.createWriteStream(file);
  let chunk = HEADER + "\n";
  for (let i = 0; i < LINES; i++) {
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

/** Seconds a raw COPY of the file (header skipped) into 13 text columns takes. */
async function rawCopySeconds(dbUrl: string, file: string): Promise<number> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const columns = Array.from({ length: 13 }, (_, i) => `c${i} text`).join(", ");
    await db.query(`create temp table raw_report (${columns})`);
    const started = performance.now();
    await pipeline(fs.createReadStream(file), db.query(copyFrom("copy raw_report from stdin with (header true)")));
    return (performance.now() - started) / 1000;
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

export async function benchRoyaltyImport(options: {
  baseUrl: string;
  dbUrl: string;
  serverPid: number;
  admin: HttpSession;
}): Promise<{ row: string[]; summary: string; pass: boolean }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "label-bench-royalties-"));
  try {
    await seedCatalogue(options.dbUrl);
    const file = await writeReport(dir);
    const megabytes = fs.statSync(file).size / 1e6;
    const copySeconds = await rawCopySeconds(options.dbUrl, file);

    const before = rssKb(options.serverPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(options.serverPid))), 50);
    const started = performance.now();
    const answer = await postReport(options.baseUrl, options.admin, file).finally(() => clearInterval(sampler));
    const importSeconds = (performance.now() - started) / 1000;
    const result = answer.status === 201 ? (JSON.parse(answer.body) as Record<string, unknown>) : undefined;
    const ratio = copySeconds / importSeconds;
    const pass = result?.lines === LINES && importSeconds < MAX_SECONDS && ratio >= MIN_RATIO;
    const growthMb = (peak - before) / 1024;
    const row = [
      "POST /api/royalty-imports (1M lines)",
      `${(LINES / importSeconds).toFixed(0)} lines`,
      `${importSeconds.toFixed(2)} s`,
      ...Array<string>(9).fill("-"),
      `< ${MAX_SECONDS} s, >= ${MIN_RATIO} of COPY`,
      result ? "0" : "1",
      pass ? "PASS" : "MISS",
    ];
    const summary =
      `Royalty import: ${LINES.toLocaleString("en-US")} DistroKid lines (${megabytes.toFixed(1)} MB) -> ` +
      (result
        ? `${String(result.lines)} lines, ${String(result.matched)} matched, ${String(result.unmatched)} unmatched, total ${String(result.total)}; `
        : `answer ${answer.status} ${answer.body.slice(0, 200)}; `) +
      `import ${importSeconds.toFixed(2)} s, raw COPY into 13 text columns ${copySeconds.toFixed(2)} s, ` +
      `ratio ${ratio.toFixed(2)} (target >= ${MIN_RATIO}, under ${MAX_SECONDS} s): ${pass ? "PASS" : "MISS"}. ` +
      `Server RSS ${(before / 1024).toFixed(0)} MB before, peak growth during the import ${growthMb.toFixed(0)} MB.`;
    return { row, summary, pass };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
