import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { pdfText } from "../../test/pdf-text";
import { insertLine, insertPayee, insertRelease, insertSplit, insertTrack } from "./royalty-statements.test-support";

const ADMIN = "admin@after-close.test";

let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

// Each test takes its own years: a closing claims every waiting line dated up to its end.
async function period(start: string, end: string): Promise<string> {
  return (await admin.post("/api/royalty-periods").send({ start, end }).expect(201)).body.id;
}

async function statementOf(periodId: string, payeeId: string): Promise<RoyaltyStatement | undefined> {
  const res = await admin.get(`/api/royalty-periods/${periodId}/statements`).expect(200);
  return (res.body as RoyaltyStatement[]).find((s) => s.payeeId === payeeId);
}

async function soleArtist(name?: string) {
  const payee = await insertPayee(app, name ? { name } : {});
  const release = await insertRelease(app);
  await insertSplit(app, payee.id, { releaseId: release.id }, "100");
  return { payee, release };
}

/** Waits until some backend waits on a lock (the closing, blocked where the test holds one). */
async function untilSomeoneWaits(client: pg.Client) {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await client.query("select count(*)::int as n from pg_locks where not granted");
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("nothing waits on a lock");
}

describe("a payout and a closing", () => {
  it("refuses a payout while a closing runs, so the balance the closing carries is paid once", async () => {
    const { payee, release } = await soleArtist();
    await insertLine(app, { reportedOn: "2040-03-01", amount: "10.00", releaseId: release.id });
    const p1 = await period("2040-01-01", "2040-06-30");
    await admin.post(`/api/royalty-periods/${p1}/close`).expect(200);
    const first = (await statementOf(p1, payee.id))!;
    const p2 = await period("2040-07-01", "2040-12-31");

    // The closing of p2 stops at its last step (queueing the e-mails) while the test holds the outbox.
    const holder = new pg.Client({ connectionString: app.database.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("lock table outbox_messages in exclusive mode");
      const closing = admin.post(`/api/royalty-periods/${p2}/close`).then((res) => res);
      await untilSomeoneWaits(holder);
      const payout = await admin.post(`/api/statements/${first.id}/payouts`).send({ paidOn: "2041-01-02" });
      expect(payout.status).toBe(409);
      expect(payout.body.message).toBe("A closing is in progress");
      await holder.query("rollback");
      expect((await closing).status).toBe(200);
    } finally {
      await holder.end();
    }
    const second = (await statementOf(p2, payee.id))!;
    expect(second).toMatchObject({ opening: "10.00", closing: "10.00", payable: "10.00" });
    expect((await statementOf(p1, payee.id))!.paidOn).toBeNull();
    const late = await admin.post(`/api/statements/${first.id}/payouts`).send({ paidOn: "2041-01-02" }).expect(409);
    expect(late.body.message).toBe("A later statement of this payee carries this balance: record the payout there");
  });

  it("records one of ten parallel payouts of a statement and refuses the other nine with 409", async () => {
    const { payee, release } = await soleArtist();
    await insertLine(app, { reportedOn: "2042-03-01", amount: "25.00", releaseId: release.id });
    const p = await period("2042-01-01", "2042-12-31");
    await admin.post(`/api/royalty-periods/${p}/close`).expect(200);
    const statement = (await statementOf(p, payee.id))!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        admin.post(`/api/statements/${statement.id}/payouts`).send({ paidOn: "2043-01-02" }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409))
      expect(res.body.message).toBe("This statement is already paid");
  });
});

describe("a closing whose figures would not fit", () => {
  it("answers 409 naming the payee and the line, and changes nothing", async () => {
    const { payee, release } = await soleArtist("Huge Earner");
    const huge = await insertLine(app, {
      reportedOn: "2044-03-01",
      amount: "90000000000000",
      store: "Broken Store",
      releaseId: release.id,
    });
    const p = await period("2044-01-01", "2044-12-31");
    const res = await admin.post(`/api/royalty-periods/${p}/close`).expect(409);
    expect(res.body.message).toContain("Huge Earner");
    expect(res.body.message).toContain(`line ${huge.id}`);
    const periodNow = (await admin.get("/api/royalty-periods").expect(200)).body.find(
      (found: { id: string }) => found.id === p,
    );
    expect(periodNow).toMatchObject({ status: "open", statementCount: 0 });
    expect(await statementOf(p, payee.id)).toBeUndefined();
  });
});

describe("a statement's files add up", () => {
  it("writes amounts as numbers, guards only text, and its by-track rows and CSV column sum to earned", async () => {
    const payee = await insertPayee(app, { name: "Cent Counter", email: "cents@after-close.test" });
    const release = await insertRelease(app, "Thirds");
    const tracks = [
      await insertTrack(app, release.id, "=One"),
      await insertTrack(app, release.id, "Two"),
      await insertTrack(app, release.id, "Three"),
    ];
    await insertSplit(app, payee.id, { releaseId: release.id }, "100");
    for (const track of tracks)
      await insertLine(app, { reportedOn: "2043-03-01", amount: "0.005", trackId: track.id, releaseId: release.id });
    await insertLine(app, {
      reportedOn: "2043-03-02",
      amount: "-0.25",
      store: "-Refunds",
      trackId: tracks[1].id,
      releaseId: release.id,
    });
    await insertLine(app, { reportedOn: "2043-03-03", amount: "0.25", trackId: tracks[1].id, releaseId: release.id });
    const p = await period("2043-01-01", "2043-12-31");
    await admin.post(`/api/royalty-periods/${p}/close`).expect(200);
    const statement = (await statementOf(p, payee.id))!;
    // 3 × 0.005 = 0.015, rounded once: 0.02 (each track alone would round to 0.01: 0.03 in all).
    expect(statement.earned).toBe("0.02");

    const csv = (await admin.get(`/api/statements/${statement.id}/lines.csv`).expect(200)).text;
    const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(5);
    const refund = records.find((row) => row.Store === "'-Refunds")!;
    expect(refund["Payee amount"]).toBe("-0.25");
    expect(refund.Amount).toBe("-0.250000");
    expect(csv).toContain(",-0.250000,1.0000000000,-0.25,100.00,-0.25\r\n");
    expect(records.find((row) => row.Track === "'=One")).toBeDefined();
    const sum = records.reduce((total, row) => total + Number(row["Payee amount"]), 0);
    expect((Math.floor(sum * 100 + 0.5) / 100).toFixed(2)).toBe(statement.earned);

    const byTrack = (
      await app.db.execute<{ amount: string }>(
        sql`select amount::text as amount from royalty_statement_breakdowns where statement_id = ${statement.id} and kind = 'track'`,
      )
    ).rows;
    const cents = byTrack.reduce((total, row) => total + Math.round(Number(row.amount) * 100), 0);
    expect(cents).toBe(2);
    const pdf = (await admin.get(`/api/statements/${statement.id}/pdf`).buffer(true).parse(binary).expect(200))
      .body as Buffer;
    const text = pdfText(pdf);
    const shown = ["=One", "Two", "Three"].map((title) => {
      const match = new RegExp(`Thirds\\s*${title}\\s*(-?\\d+\\.\\d\\d)`).exec(text);
      return Math.round(Number(match?.[1]) * 100);
    });
    expect(shown.reduce((a, b) => a + b, 0)).toBe(2);
  });
});

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}
