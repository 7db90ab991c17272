import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieOf, type Agent, type TestApp } from "../../../test/app-harness";
import { startRoyaltiesApp } from "../royalties.test-support";
import { closedPeriod, insertPayee, insertRelease, insertSplit, insertTrack } from "./royalty-statements.test-support";
import { STATEMENT_DOWNLOADS_PER_MEMBER } from "./statement-download-gate";

const ADMIN = "admin@downloads.test";
const PAYEE = "payee@downloads.test";
const LINES = 300_000;

let app: TestApp;
let admin: Agent;
let payee: Agent;
let statementId: string;

beforeAll(async () => {
  ({ app, admin } = await startRoyaltiesApp(ADMIN));
  payee = await app.signIn(PAYEE);
  const owner = await insertPayee(app, { email: PAYEE });
  const release = await insertRelease(app);
  const tracks = await Promise.all([insertTrack(app, release.id), insertTrack(app, release.id)]);
  await insertSplit(app, owner.id, { releaseId: release.id }, "100");
  // One statement of 300,000 lines, in one statement: half on each track, several stores.
  await app.db.execute(sql`
    insert into royalty_lines (reported_on, store, country, quantity, currency, amount, rate, converted, track_id)
    select '2041-03-01', (array['Spotify', 'Apple Music', 'Deezer'])[1 + n % 3], 'US', 1, 'USD', 0.0031, 1, 0.0031,
      case when n % 2 = 0 then ${tracks[0].id} else ${tracks[1].id} end
    from generate_series(1, ${LINES}) n`);
  statementId = (await closedPeriod(admin, "2041-01-01", "2041-12-31")).statements[0].id;
}, 120_000);
afterAll(() => app?.close());

/** A download left open: its status as soon as the headers arrive, and a way to hang up. */
function startDownload(path: string, cookie: string) {
  let request!: http.ClientRequest;
  const status = new Promise<number>((resolve, reject) => {
    request = http.get(`${app.baseUrl}${path}`, { headers: { cookie } }, (res) => {
      resolve(res.statusCode ?? 0);
      // Read slowly enough to keep the download going, never to its end.
      res.pause();
      res.on("error", () => {});
    });
    request.on("error", (error) => (request.destroyed ? resolve(0) : reject(error)));
  });
  return { status, hangUp: () => request.destroy() };
}

async function healthTimes(forMs: number): Promise<number[]> {
  const times: number[] = [];
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    const started = performance.now();
    await app.agent().get("/api/health").expect(200);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

describe("statement downloads", () => {
  it("stores the breakdowns at the closing: the PDF reads them, its by-track rows add up to earned", async () => {
    const [row] = (
      await app.db.execute<{ byTrack: { amount: string }[]; earned: string }>(sql`
        select breakdowns -> 'byTrack' as "byTrack", earned::text as earned from royalty_statements where id = ${statementId}`)
    ).rows;
    expect(row.earned).toBe("930.00");
    const cents = row.byTrack.reduce((total, r) => total + Math.round(Number(r.amount) * 100), 0);
    expect(cents).toBe(93_000);
    await payee.get(`/api/statements/${statementId}/pdf`).expect(200);
  });

  it("lets a member download two statement files at once, refuses more before any query, and keeps /api/health fast", async () => {
    const cookie = sessionCookieOf(payee);
    const downloads = Array.from({ length: 20 }, () =>
      startDownload(`/api/statements/${statementId}/lines.csv`, cookie),
    );
    try {
      const statuses = await Promise.all(downloads.map((d) => d.status));
      expect(statuses.filter((s) => s === 200)).toHaveLength(STATEMENT_DOWNLOADS_PER_MEMBER);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - STATEMENT_DOWNLOADS_PER_MEMBER);
      // Refused before reading anything: a statement that does not exist is not even looked up.
      const refused = await payee.get("/api/statements/00000000-0000-0000-0000-000000000000/pdf").expect(429);
      expect(refused.body.message).toBe(
        "You are already downloading 2 statement files. Please wait for one to finish and try again.",
      );
      const times = await healthTimes(2000);
      expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(250);
    } finally {
      for (const download of downloads) download.hangUp();
    }
    // A finished download frees its place; each one counts against the documents' limit per minute.
    await expect
      .poll(async () => (await payee.get(`/api/statements/${statementId}/pdf`)).status, { timeout: 15_000 })
      .toBe(200);
    const counted = await payee.get("/api/statements/00000000-0000-0000-0000-000000000000/lines.csv").expect(404);
    expect(counted.headers.ratelimit).toMatch(/; r=\d+;/);
  }, 60_000);
});
