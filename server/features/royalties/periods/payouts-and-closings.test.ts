import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { startRoyaltiesApp } from "../royalties.test-support";
import { CLOSING_LOCK_KEY } from "./closing";
import {
  closedPeriod,
  getStatementOf,
  insertLine,
  insertManyLines,
  postPeriod,
  soleArtist,
} from "../statements/royalty-statements.test-support";

const ADMIN = "admin@payouts.test";

let app: TestApp, admin: Agent;
beforeAll(async () => ({ app, admin } = await startRoyaltiesApp(ADMIN)));
afterAll(() => app?.close());

/** A payee owed `amount` on a closed statement of `year`. */
async function owed(year: number, amount: string) {
  const { payee, release } = await soleArtist(app);
  await insertLine(app, { reportedOn: `${year}-03-01`, amount, releaseId: release.id });
  const { statements } = await closedPeriod(admin, `${year}-01-01`, `${year}-12-31`);
  return { payee, release, statement: statements.find((s) => s.payeeId === payee.id)! };
}

describe("payouts and closings", () => {
  it("records one of ten parallel payouts of a statement and refuses the nine others with 409", async () => {
    const { statement } = await owed(2051, "120.00");
    // The statement's row held elsewhere, so all ten wait on it and then go one after another.
    const holder = await app.database.pool.connect();
    let answers;
    try {
      await holder.query("begin");
      await holder.query("select 1 from royalty_statements where id = $1 for update", [statement.id]);
      const pending = Array.from({ length: 10 }, (_, i) =>
        admin.post(`/api/statements/${statement.id}/payouts`).send({ paidOn: "2052-01-10", reference: `TR-${i}` }),
      ).map((request) => request.then((answer) => answer));
      await expect
        .poll(async () => {
          const [{ waiting }] = (
            await app.db.execute<{ waiting: number }>(
              sql`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            )
          ).rows;
          return waiting;
        })
        .toBe(10);
      await holder.query("commit");
      answers = await Promise.all(pending);
    } finally {
      holder.release();
    }
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toBe("This statement is already paid");
    const [{ count }] = (
      await app.db.execute<{ count: number }>(
        sql`select count(*)::int as count from royalty_payouts where statement_id = ${statement.id}`,
      )
    ).rows;
    expect(count).toBe(1);
  });

  it("refuses a payout while a closing holds its lock, and records it once the closing is done", async () => {
    const { statement } = await owed(2053, "80.00");
    const closing = await app.database.pool.connect();
    try {
      await closing.query("select pg_advisory_lock($1)", [CLOSING_LOCK_KEY]);
      const refused = await admin
        .post(`/api/statements/${statement.id}/payouts`)
        .send({ paidOn: "2054-01-10" })
        .expect(409);
      expect(refused.body.message).toBe("A closing is in progress");
      await closing.query("select pg_advisory_unlock($1)", [CLOSING_LOCK_KEY]);
    } finally {
      closing.release();
    }
    await admin.post(`/api/statements/${statement.id}/payouts`).send({ paidOn: "2054-01-10" }).expect(201);
  });

  it("never pays a statement twice when its payout races the payee's next closing", async () => {
    const { payee, release, statement } = await owed(2055, "300.00");
    // Enough lines that the closing takes a moment while the payout is asked for.
    await insertManyLines(app, 50_000, { reportedOn: "2056-03-01", amount: "0.001", releaseId: release.id });
    const next = await postPeriod(admin, "2056-01-01", "2056-12-31");
    const closing = admin.post(`/api/royalty-periods/${next}/close`);
    const payouts = Array.from({ length: 5 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 40)).then(() =>
        admin.post(`/api/statements/${statement.id}/payouts`).send({ paidOn: "2057-01-10" }),
      ),
    );
    expect((await closing).status).toBe(200);
    const statuses = (await Promise.all(payouts)).map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const later = (await getStatementOf(admin, next, payee.id))!;
    // Paid before the closing: the next statement deducts it; refused: the next statement carries it.
    const paid = statuses.includes(201);
    expect(later.opening).toBe(paid ? "0.00" : "300.00");
    expect(later.closing).toBe(paid ? "50.00" : "350.00");
  });
});

describe("a minimum payout", () => {
  let strict: TestApp;
  let strictAdmin: Agent;
  beforeAll(async () => {
    strict = await startTestApp({
      database: app.database,
      env: { ADMIN_EMAILS: ADMIN, ROYALTY_MINIMUM_PAYOUT: "50.00" },
    });
    strictAdmin = await strict.signIn(ADMIN);
  });
  afterAll(async () => {
    await strict?.close();
  });

  it("carries a balance under it forward, and pays once the balance reaches it", async () => {
    const { payee, release } = await soleArtist(app);
    await insertLine(app, { reportedOn: "2013-02-01", amount: "30.00", releaseId: release.id });
    const { periodId: p1 } = await closedPeriod(strictAdmin, "2013-01-01", "2013-06-30");
    expect(await getStatementOf(admin, p1, payee.id)).toMatchObject({ closing: "30.00", payable: "0.00" });
    await admin
      .post(`/api/statements/${(await getStatementOf(admin, p1, payee.id))!.id}/payouts`)
      .send({ paidOn: "2013-07-01" })
      .expect(409);
    await insertLine(app, { reportedOn: "2013-08-01", amount: "20.00", releaseId: release.id });
    const { periodId: p2 } = await closedPeriod(strictAdmin, "2013-07-01", "2013-12-31");
    expect(await getStatementOf(admin, p2, payee.id)).toMatchObject({
      opening: "30.00",
      closing: "50.00",
      payable: "50.00",
    });
  });
});
