/**
 * The bench's "store downloads" row: a release of 10 FLAC tracks (files of
 * BENCH_STORE_TRACK_MB each, written straight into the server's local object storage) downloaded
 * as a zip 50 times at once through one download link, while /api/health is timed and the
 * server's resident memory sampled. Targets: /api/health p95 under 250 ms, and memory flat (the
 * zip streams one track at a time: growth under 64 MB whatever the release's size). Downloads
 * beyond the per-address document limit are refused at once; the others stream to their end
 * (docs/decisions/051-the-music-store.md).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const TRACKS = 10;
const DOWNLOADS = 50;
const TRACK_MB = Number(process.env.BENCH_STORE_TRACK_MB ?? 4);
const MAX_HEALTH_P95_MS = 250;
const MAX_RSS_GROWTH_MB = 64;

/** Writes an object as the local storage driver keeps it: its bytes and a meta file beside them. */
function writeObject(dataDir: string, id: string, bytes: Buffer, contentType: string) {
  const file = path.join(dataDir, "objects", "uploads", id);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  fs.writeFileSync(`${file}.meta.json`, JSON.stringify({ contentType }));
}

/** A published release of TRACKS ready FLAC tracks and a free download of it; its token. */
async function seedRelease(dbUrl: string, dataDir: string): Promise<string> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const release = await db.query<{ id: string }>(
      "insert into releases (title, artist, upc) values ('Bench Store Release', 'Bench Artist', '198760000031') returning id",
    );
    const releaseId = release.rows[0].id;
    await db.query(
      "insert into store_listings (release_id, published, price, formats) values ($1, true, '0.00', '{flac}')",
      [releaseId],
    );
    // Incompressible bytes, as audio is: the zip stores them as they are.
    const audio = crypto.randomBytes(TRACK_MB * 1024 * 1024);
    for (let n = 1; n <= TRACKS; n++) {
      const track = await db.query<{ id: string }>(
        "insert into tracks (release_id, title, isrc, position) values ($1, $2, $3, $4) returning id",
        [releaseId, `Bench Track ${n}`, `QZBEN40000${String(n).padStart(2, "0")}`, n],
      );
      const [master, flac] = [crypto.randomUUID(), crypto.randomUUID()];
      writeObject(dataDir, master, audio, "audio/flac");
      writeObject(dataDir, flac, audio, "audio/flac");
      await db.query(
        `insert into store_track_audio (track_id, master_id, master_content_type, status, flac_id, duration_seconds)
         values ($1, $2, 'audio/flac', 'ready', $3, 240)`,
        [track.rows[0].id, master, flac],
      );
    }
    const token = crypto.randomBytes(24).toString("base64url");
    await db.query(
      "insert into store_purchases (token, release_id, email, amount, status) values ($1, $2, 'bench-fan@label.test', '0.00', 'free')",
      [token, releaseId],
    );
    return token;
  } finally {
    await db.end();
  }
}

/** The process's resident memory in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? 0;

export async function benchStoreDownloads(options: {
  baseUrl: string;
  dbUrl: string;
  dataDir: string;
  serverPid: number;
  headers: Record<string, string>;
}): Promise<{ row: string[]; summary: string; pass: boolean }> {
  const token = await seedRelease(options.dbUrl, options.dataDir);
  const url = `${options.baseUrl}/api/downloads/${token}/flac.zip`;
  const rssBefore = rssMb(options.serverPid);
  let rssPeak = rssBefore;
  let downloading = true;
  const started = performance.now();
  const downloads = Promise.all(
    Array.from({ length: DOWNLOADS }, async () => {
      const res = await fetch(url, { headers: options.headers });
      let bytes = 0;
      // Read as it arrives and drop it, as a browser saving to disk does.
      const reader = res.body?.getReader();
      for (let part = await reader?.read(); part && !part.done; part = await reader!.read())
        bytes += part.value.byteLength;
      return { status: res.status, bytes, seconds: (performance.now() - started) / 1000 };
    }),
  ).finally(() => (downloading = false));
  const health: number[] = [];
  while (downloading) {
    const t = performance.now();
    await fetch(`${options.baseUrl}/api/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - t);
    rssPeak = Math.max(rssPeak, rssMb(options.serverPid));
  }
  const results = await downloads;
  const served = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 429 || r.status === 503).length;
  const slowest = served.length ? Math.max(...served.map((r) => r.seconds)) : 0;
  const healthP95 = p95(health);
  const growth = rssPeak - rssBefore;
  const whole = served.every((r) => r.bytes >= TRACKS * TRACK_MB * 1024 * 1024);
  const pass =
    served.length > 0 &&
    whole &&
    served.length + refused === DOWNLOADS &&
    healthP95 < MAX_HEALTH_P95_MS &&
    growth < MAX_RSS_GROWTH_MB;
  const row = [
    `GET ${DOWNLOADS}× {format}.zip (${TRACKS} × ${TRACK_MB} MB FLAC)`,
    "-",
    `${slowest.toFixed(2)} s`,
    ...Array<string>(9).fill("-"),
    `health p95 < ${MAX_HEALTH_P95_MS} ms, RSS +< ${MAX_RSS_GROWTH_MB} MB`,
    String(DOWNLOADS - served.length - refused),
    pass ? "PASS" : "MISS",
  ];
  const summary =
    `Store downloads: ${DOWNLOADS} parallel zips of a ${TRACKS}-track FLAC release through one link -> ` +
    `${served.length} served (${((served[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB each, whole: ${whole}, the last done after ` +
    `${slowest.toFixed(2)} s), ${refused} refused at once by the per-address limit; /api/health meanwhile: ` +
    `${health.length} requests, p95 ${healthP95.toFixed(1)} ms (target < ${MAX_HEALTH_P95_MS} ms); server RSS ` +
    `${rssBefore.toFixed(0)} MB before, peak growth ${growth.toFixed(0)} MB (target < ${MAX_RSS_GROWTH_MB} MB): ${pass ? "PASS" : "MISS"}.`;
  return { row, summary, pass };
}
