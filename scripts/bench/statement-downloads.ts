/**
 * The bench's "statement downloads" row: one payee's statement of 300,000 lines (generated
 * here with one INSERT ... SELECT generate_series, then closed through the API), downloaded as
 * CSV 20 times at once by that payee while /api/health is timed. Target: /api/health p95 under
 * 250 ms meanwhile (docs/decisions/037-statement-files-and-closings.md); the downloads beyond
 * the per-member cap are refused at once, the others stream to their end.
 */
import pg from "pg";
import type { HttpSession } from "./http-session";

const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 300_000);
const DOWNLOADS = 20;
const MAX_HEALTH_P95_MS = 250;

async function seedStatementLines(dbUrl: string, payeeEmail: string) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const payee = await db.query<{ id: string }>(
      "insert into payees (name, email) values ('Bench Payee', $1) returning id",
      [payeeEmail],
    );
    const release = await db.query<{ id: string }>(
      "insert into releases (title, artist, upc) values ('Bench Statement Release', 'Bench Artist', '198760000017') returning id",
    );
    const track = await db.query<{ id: string }>(
      "insert into tracks (release_id, title, isrc, position) values ($1, 'Bench Statement Track', 'QZBEN3000001', 1) returning id",
      [release.rows[0].id],
    );
    await db.query("insert into royalty_splits (payee_id, release_id, share) values ($1, $2, 100)", [
      payee.rows[0].id,
      release.rows[0].id,
    ]);
    await db.query(
      `insert into royalty_lines (reported_on, store, country, quantity, currency, amount, rate, converted, track_id)
       select '2039-06-01', (array['Spotify', 'Apple Music', 'Deezer'])[1 + n % 3], 'US', 1, 'USD', 0.0031, 1, 0.0031, $1
       from generate_series(1, $2::int) n`,
      [track.rows[0].id, LINES],
    );
  } finally {
    await db.end();
  }
}

const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? 0;

export async function benchStatementDownloads(options: {
  baseUrl: string;
  dbUrl: string;
  admin: HttpSession;
  payee: HttpSession;
  payeeEmail: string;
}): Promise<{ row: string[]; summary: string; pass: boolean }> {
  await seedStatementLines(options.dbUrl, options.payeeEmail);
  const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
  const period = await json(
    await options.admin.request(
      "POST",
      "/api/royalty-periods",
      JSON.stringify({ start: "2039-01-01", end: "2039-12-31" }),
      "application/json",
    ),
  );
  const closeStarted = performance.now();
  await options.admin.request("POST", `/api/royalty-periods/${String(period.id)}/close`);
  const closeSeconds = (performance.now() - closeStarted) / 1000;
  const statements = (await (
    await options.admin.request("GET", `/api/royalty-periods/${String(period.id)}/statements`)
  ).json()) as { id: string }[];
  const path = `/api/statements/${statements[0].id}/lines.csv`;

  let downloading = true;
  const started = performance.now();
  const downloads = Promise.all(
    Array.from({ length: DOWNLOADS }, async () => {
      const res = await options.payee.request("GET", path);
      const bytes = (await res.arrayBuffer()).byteLength;
      return { status: res.status, bytes, seconds: (performance.now() - started) / 1000 };
    }),
  ).finally(() => (downloading = false));
  const health: number[] = [];
  while (downloading) {
    const t = performance.now();
    await fetch(`${options.baseUrl}/api/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - t);
  }
  const results = await downloads;
  const served = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 429 || r.status === 503).length;
  const slowest = Math.max(...served.map((r) => r.seconds));
  const healthP95 = p95(health);
  const pass = served.length > 0 && served.length + refused === DOWNLOADS && healthP95 < MAX_HEALTH_P95_MS;
  const row = [
    `GET ${DOWNLOADS}× lines.csv (${LINES / 1000}k lines)`,
    "-",
    `${slowest.toFixed(2)} s`,
    ...Array<string>(9).fill("-"),
    `health p95 < ${MAX_HEALTH_P95_MS} ms`,
    String(DOWNLOADS - served.length - refused),
    pass ? "PASS" : "MISS",
  ];
  const summary =
    `Statement downloads: closing a ${LINES.toLocaleString("en-US")}-line statement took ${closeSeconds.toFixed(2)} s; ` +
    `${DOWNLOADS} parallel CSV downloads by its payee -> ${served.length} served ` +
    `(${(served[0]?.bytes ?? 0) / 1e6} MB each, the last done after ${slowest.toFixed(2)} s), ${refused} refused at once; ` +
    `/api/health meanwhile: ${health.length} requests, p95 ${healthP95.toFixed(1)} ms (target < ${MAX_HEALTH_P95_MS} ms): ${pass ? "PASS" : "MISS"}.`;
  return { row, summary, pass };
}
