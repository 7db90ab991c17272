import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { royaltyStatementsRouteSets } from "./royalty-statements.router";
import { insertPayee, insertRelease, insertSplit, insertTrack } from "./royalty-statements.test-support";
import { TOO_MANY_AT_ONCE, TOO_MANY_OF_YOURS } from "./statement-downloads";

const ADMINS = ["admin@downloads.test", "second-admin@downloads.test"];
const LINES = 300_000;

let app: TestApp;
let statementId: string;
let payeeAgent: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMINS.join(",") } });
  const admin = await app.signIn(ADMINS[0]);
  const payee = await insertPayee(app, { name: "Long Tail", email: "long-tail@downloads.test" });
  const release = await insertRelease(app, "Many Streams");
  const track = await insertTrack(app, release.id, "Stream");
  await insertSplit(app, payee.id, { releaseId: release.id }, "50");
  await app.db.execute(sql`
    insert into royalty_lines (reported_on, store, country, quantity, currency, amount, rate, converted, track_id, release_id)
    select '2020-03-01', case when n % 3 = 0 then 'Spotify' else 'Apple Music' end, 'US', 1, 'USD',
      0.000412 * (n % 7 + 1), 1, 0.000412 * (n % 7 + 1), ${track.id}, ${release.id}
    from generate_series(1, ${LINES}) n`);
  const periodId = (
    await admin.post("/api/royalty-periods").send({ start: "2020-01-01", end: "2020-12-31" }).expect(201)
  ).body.id;
  await admin.post(`/api/royalty-periods/${periodId}/close`).expect(200);
  const statements = (await admin.get(`/api/royalty-periods/${periodId}/statements`).expect(200))
    .body as RoyaltyStatement[];
  statementId = statements.find((s) => s.payeeId === payee.id)!.id;
  payeeAgent = await app.signIn("long-tail@downloads.test");
}, 240_000);
afterAll(async () => {
  await app?.close();
});

const sessionCookie = (agent: Agent) =>
  (agent as unknown as { jar: { getCookie(name: string, opts: object): { value: string } | undefined } }).jar.getCookie(
    "label.sid",
    { domain: "127.0.0.1", path: "/", secure: false, script: false },
  )?.value;

/** Starts a CSV download and reads its status only: the server then waits for a reader that never reads. */
function openWithoutReading(agent: Agent): Promise<{ status: number; drop: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${app.baseUrl}/api/statements/${statementId}/lines.csv`,
      { headers: { Cookie: `label.sid=${sessionCookie(agent)}` } },
      (res) => {
        res.pause();
        resolve({ status: res.statusCode ?? 0, drop: () => req.destroy() });
      },
    );
    req.on("error", (error) => {
      if (!req.destroyed) reject(error);
    });
  });
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

describe("statement downloads", () => {
  it("count against the per-member documents limit, the CSV as well as the PDF", () => {
    expect(royaltyStatementsRouteSets.documents).toEqual(
      ["/statements/:id/pdf", "/statements/:id/lines.csv"].map((path) => expect.stringContaining(path)),
    );
  });

  it("runs two of twenty parallel CSVs of one payee, refuses the rest at once, and health stays fast", async () => {
    let running = true;
    const downloads = Promise.all(
      Array.from({ length: 20 }, () =>
        payeeAgent
          .get(`/api/statements/${statementId}/lines.csv`)
          .buffer(true)
          .then((res) => ({ status: res.status, text: res.text, message: res.body?.message as string | undefined })),
      ),
    ).finally(() => {
      running = false;
    });
    const timings: number[] = [];
    const visitor = app.agent();
    while (running || timings.length < 20) {
      const started = performance.now();
      await visitor.get("/api/health").expect(200);
      timings.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await downloads;
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(18);
    for (const answer of refused) expect(answer.message).toBe(TOO_MANY_OF_YOURS);
    const full = answers.find((a) => a.status === 200)!;
    expect(full.text.trimEnd().split("\r\n")).toHaveLength(LINES + 1);
    expect(percentile(timings, 95)).toBeLessThan(250);
  }, 240_000);

  it("refuses a fifth download in the making across members with 503, and frees a slot when one is dropped", async () => {
    const [first, second] = await Promise.all(ADMINS.map((email) => app.signIn(email)));
    // Four downloads whose readers stop reading: each holds its slot while the server waits.
    const held = await Promise.all([payeeAgent, payeeAgent, first, first].map((agent) => openWithoutReading(agent)));
    expect(held.map((download) => download.status)).toEqual([200, 200, 200, 200]);
    const refused = await second.get(`/api/statements/${statementId}/lines.csv`).expect(503);
    expect(refused.body.message).toBe(TOO_MANY_AT_ONCE);
    expect(refused.headers["retry-after"]).toBe("5");
    for (const download of held) download.drop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pdf = await second.get(`/api/statements/${statementId}/pdf`);
    expect(pdf.status).toBe(200);
  }, 120_000);

  it("reads a statement PDF's breakdowns as the closing stored them", async () => {
    const stored = (
      await app.db.execute<{ kind: string; n: number }>(sql`
        select kind, count(*)::int as n from royalty_statement_breakdowns where statement_id = ${statementId}
        group by kind order by kind`)
    ).rows;
    expect(stored).toEqual([
      { kind: "store", n: 2 },
      { kind: "top", n: 1 },
      { kind: "track", n: 1 },
    ]);
    await payeeAgent.get(`/api/statements/${statementId}/pdf`).expect(200);
  });
});
