import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payees, royaltyLines } from "@shared/royalties.table";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import { ticketPurchases } from "@shared/tickets.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { pdfText } from "../../test/pdf-text";
import {
  insertLine,
  insertPayee,
  insertPlatformSales,
  insertRelease,
  insertSplit,
  insertTrack,
} from "./royalty-statements.test-support";

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

    // A statement closed before breakdowns were stored gets them at its first PDF.
    await app.db.execute(sql`delete from royalty_statement_breakdowns where statement_id = ${statement.id}`);
    await admin.get(`/api/statements/${statement.id}/pdf`).buffer(true).parse(binary).expect(200);
    const again = (
      await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from royalty_statement_breakdowns where statement_id = ${statement.id}`,
      )
    ).rows[0].n;
    expect(again).toBe(byTrack.length + 2 + 3); // three tracks, two stores, three top tracks
  });
});

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

describe("platform income after a close", () => {
  const SALES = { tickets: "45.00", merchandise: { unitPrice: "20.00", quantity: 2 }, vendorSlot: "150.00" };
  const addIncome = (periodId: string) => admin.post(`/api/royalty-periods/${periodId}/platform-income`);
  const close = (periodId: string) => admin.post(`/api/royalty-periods/${periodId}/close`).expect(200);

  it("never changes a line a closed period claimed; a refund after the close is a line of the next period", async () => {
    const payee = await insertPayee(app, { artistName: "Refund Artist", platformShare: "100" });
    await insertPlatformSales(app, "Refund Artist", new Date("2031-03-10T12:00:00Z"), SALES);
    const p1 = await period("2031-01-01", "2031-06-30");
    await addIncome(p1).expect(200);
    await close(p1);
    expect((await statementOf(p1, payee.id))!.earned).toBe("235.00");

    const [ticket] = await app.db
      .select({ id: ticketPurchases.id })
      .from(ticketPurchases)
      .where(eq(ticketPurchases.totalAmount, "45.00"))
      .orderBy(ticketPurchases.paidAt);
    await app.db.update(ticketPurchases).set({ status: "cancelled" }).where(eq(ticketPurchases.id, ticket.id));
    const p2 = await period("2031-07-01", "2031-12-31");
    const added = (await addIncome(p2).expect(200)).body.lines as { payeeId: string; source: string; amount: string }[];
    expect(added.filter((line) => line.payeeId === payee.id)).toEqual([
      { payeeId: payee.id, source: "tickets", amount: "-45.00" },
    ]);
    await addIncome(p2).expect(200);
    await close(p2);
    expect((await statementOf(p2, payee.id))!).toMatchObject({ opening: "235.00", earned: "-45.00" });
    const p1Lines = await app.db.select().from(royaltyLines).where(eq(royaltyLines.periodId, p1));
    expect(
      p1Lines
        .filter((line) => line.payeeId === payee.id)
        .map((line) => line.amount)
        .sort(),
    ).toEqual(["150.000000", "40.000000", "45.000000"]);
  });

  it("leaves a line a later period's closing claimed as it is, and adds the difference as a new line", async () => {
    const payee = await insertPayee(app, { artistName: "Early Closer", platformShare: "100" });
    await insertPlatformSales(app, "Early Closer", new Date("2033-02-10T12:00:00Z"), SALES);
    const early = await period("2033-01-01", "2033-06-30");
    await addIncome(early).expect(200);
    const later = await period("2033-07-01", "2033-12-31");
    await close(later); // claims the early period's waiting lines
    expect((await statementOf(later, payee.id))!.earned).toBe("235.00");
    await insertPlatformSales(app, "Early Closer", new Date("2033-03-10T12:00:00Z"), SALES);
    await addIncome(early).expect(200);
    const lines = await app.db.select().from(royaltyLines).where(eq(royaltyLines.payeeId, payee.id));
    const claimed = lines.filter((line) => line.periodId === later);
    expect(claimed.map((line) => line.amount).sort()).toEqual(["150.000000", "40.000000", "45.000000"]);
    const waiting = lines.filter((line) => line.periodId === null);
    expect(waiting.map((line) => line.amount).sort()).toEqual(["150.000000", "40.000000", "45.000000"]);
    await close(early);
    expect((await statementOf(early, payee.id))!.earned).toBe("235.00");
  });

  it("splits one artist's income among the payees sharing the name, never more than 100 % in all", async () => {
    const first = await insertPayee(app, { artistName: "Twin Peaks Band", platformShare: "60" });
    const second = await insertPayee(app, { artistName: "twin peaks band", platformShare: "60" });
    await insertPlatformSales(app, "Twin Peaks Band", new Date("2035-03-10T12:00:00Z"), SALES);
    const p = await period("2035-01-01", "2035-12-31");
    const refused = await addIncome(p).expect(409);
    expect(refused.body.message).toBe(
      'The payees with the artist name "Twin Peaks Band" have platform shares of 120.00 % in all: together they can have at most 100 %',
    );
    await app.db.update(payees).set({ platformShare: "40" }).where(eq(payees.id, second.id));
    await addIncome(p).expect(200);
    // Raised again before the closing: the closing refuses too.
    await app.db.update(payees).set({ platformShare: "41" }).where(eq(payees.id, first.id));
    await app.db.update(payees).set({ platformShare: "60" }).where(eq(payees.id, second.id));
    const closing = await admin.post(`/api/royalty-periods/${p}/close`).expect(409);
    expect(closing.body.message).toContain('"Twin Peaks Band"');
    await app.db.update(payees).set({ platformShare: "40" }).where(eq(payees.id, second.id));
    await close(p);
    // 235.00 × 41 % and × 40 %
    expect((await statementOf(p, first.id))!.earned).toBe("96.35");
    expect((await statementOf(p, second.id))!.earned).toBe("94.00");
  });
});
