/**
 * The bench's "statement downloads" row: a payee's statement of 300,000 lines (generated in one
 * INSERT … SELECT generate_series, then closed through the API), downloaded as CSV twenty times
 * at once by that payee while GET /api/health is asked every 20 ms. Target: health's p95 under
 * 250 ms while they run (docs/decisions/037-royalties-after-the-close.md); the downloads beyond
 * the per-member cap are refused at once (429), before any query.
 */
import pg from "pg";
import type { HttpSession } from "./http-session";

const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 300_000);
const PARALLEL = 20;
const HEALTH_P95_MS = 250;
const PAYEE_EMAIL = "bench-payee@label.test";

async function seedStatementLines(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows: payees } = await db.query<{ id: string }>(
      "insert into payees (name, email) values ('Bench Payee', $1) returning id",
      [PAYEE_EMAIL],
    );
    const { rows: releases } = await db.query<{ id: string }>(
      "insert into releases (title, artist, upc) values ('Bench Statement', 'Bench Payee', '198760000017') returning id",
    );
    const { rows: tracks } = await db.query<{ id: string }>(
      "insert into tracks (release_id, title, isrc) values ($1, 'Bench Stream', 'QZBST2600001') returning id",
      [releases[0].id],
    );
    await db.query("insert into royalty_splits (payee_id, release_id, share) values ($1, $2, 50)", [
      payees[0].id,
      releases[0].id,
    ]);
    await db.query(
      `insert into royalty_lines (reported_on, store, country, quantity, currency, amount, rate, converted, track_id, release_id)
       select '2019-03-01', (array['Spotify', 'Apple Music', 'Deezer'])[n % 3 + 1], 'US', 1, 'USD',
         0.000412 * (n % 7 + 1), 1, 0.000412 * (n % 7 + 1), $1, $2
       from generate_series(1, $3::int) n`,
      [tracks[0].id, releases[0].id, LINES],
    );
  } finally {
    await db.end();
  }
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? 0;

export async function benchStatementDownloads(options: {
  baseUrl: string;
  dbUrl: string;
  admin: HttpSession;
  payee: () => Promise<HttpSession>;
}): Promise<{ row: string[]; summary: string; pass: boolean }> {
  await seedStatementLines(options.dbUrl);
  const created = await options.admin.request(
    "POST",
    "/api/royalty-periods",
    JSON.stringify({ start: "2019-01-01", end: "2019-12-31" }),
    "application/json",
  );
  const periodId = ((await created.json()) as { id: string }).id;
  const closeStarted = performance.now();
  const closed = await options.admin.request("POST", `/api/royalty-periods/${periodId}/close`);
  const closeSeconds = (performance.now() - closeStarted) / 1000;
  const statements = (await (
    await options.admin.request("GET", `/api/royalty-periods/${periodId}/statements`)
  ).json()) as { id: string; payeeName: string }[];
  const statementId = statements.find((s) => s.payeeName === "Bench Payee")?.id;
  const payee = await options.payee();

  let running = true;
  const started = performance.now();
  const downloads = Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const res = await payee.request("GET", `/api/statements/${statementId}/lines.csv`);
      const text = await res.text();
      return { status: res.status, seconds: (performance.now() - started) / 1000, bytes: text.length };
    }),
  ).finally(() => {
    running = false;
  });
  const health: number[] = [];
  while (running) {
    const asked = performance.now();
    await fetch(`${options.baseUrl}/api/health`).then((res) => res.arrayBuffer());
    health.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const answers = await downloads;
  const served = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 429).length;
  const p95 = percentile(health, 95);
  const slowest = Math.max(...served.map((a) => a.seconds), 0);
  const pass = closed.status === 200 && served.length > 0 && p95 < HEALTH_P95_MS;
  const row = [
    `GET …/lines.csv (${PARALLEL} at once, ${LINES / 1000}k lines)`,
    `${served.length} served`,
    `health p95 ${p95.toFixed(0)} ms`,
    ...Array<string>(9).fill("-"),
    `health p95 < ${HEALTH_P95_MS} ms`,
    String(answers.length - served.length - refused),
    pass ? "PASS" : "MISS",
  ];
  const summary =
    `Statement downloads: closing ${LINES.toLocaleString("en-US")} lines took ${closeSeconds.toFixed(1)} s (answer ${closed.status}); ` +
    `${PARALLEL} parallel CSV downloads by one payee: ${served.length} served (slowest ${slowest.toFixed(1)} s), ${refused} refused with 429; ` +
    `GET /api/health meanwhile: ${health.length} answers, p95 ${p95.toFixed(0)} ms, max ${Math.max(...health, 0).toFixed(0)} ms ` +
    `(target p95 < ${HEALTH_P95_MS} ms): ${pass ? "PASS" : "MISS"}.`;
  return { row, summary, pass };
}
