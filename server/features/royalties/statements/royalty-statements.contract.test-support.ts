import { expect } from "vitest";
import type { royaltyStatementsContract } from "@shared/royalty-statements";
import type { TestApp } from "../../../test/app-harness";
import type { ContractCases } from "../../../test/contract-harness";
import { insertLine, insertPayee, insertRelease, insertSplit } from "./royalty-statements.test-support";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

// Periods here are in the 1960s: a closing claims every waiting line dated up to its end, and
// no other case writes lines that old.
async function openPeriod(app: TestApp, start: string, end: string): Promise<string> {
  const admin = await app.signIn("admin@contract.test");
  return (await admin.post("/api/royalty-periods").send({ start, end }).expect(201)).body.id;
}

/** A closed period with one payee owed `amount` (their e-mail is `email`), and its statement. */
async function closedStatement(app: TestApp, year: number, amount: string, email?: string) {
  const payee = await insertPayee(app, email ? { email } : {});
  const release = await insertRelease(app);
  await insertSplit(app, payee.id, { releaseId: release.id }, "100");
  await insertLine(app, { reportedOn: `${year}-06-01`, amount, releaseId: release.id });
  const periodId = await openPeriod(app, `${year}-01-01`, `${year}-12-31`);
  const admin = await app.signIn("admin@contract.test");
  await admin.post(`/api/royalty-periods/${periodId}/close`).expect(200);
  const statements = (await admin.get(`/api/royalty-periods/${periodId}/statements`).expect(200)).body as {
    id: string;
    payeeId: string;
  }[];
  return { periodId, statementId: statements.find((s) => s.payeeId === payee.id)!.id };
}

/** Each royalty statements route's answers, for server/contract.test.ts. */
export const royaltyStatementsCases: ContractCases<typeof royaltyStatementsContract> = {
  async listPeriods({ app, send }) {
    const id = await openPeriod(app, "1960-01-01", "1960-12-31");
    const answer = await send("admin", {}, 200);
    expect(answer.body).toContainEqual(expect.objectContaining({ id, status: "open", statementCount: 0 }));
  },
  async createPeriod({ send }) {
    const body = { start: "1961-01-01", end: "1961-06-30" };
    await send("admin", { body: { start: "1961-02-01", end: "1961-01-01" } }, 400);
    expect((await send("admin", { body }, 201)).body).toMatchObject({ ...body, status: "open", closedAt: null });
    await send("admin", { body: { start: "1961-06-30", end: "1961-07-31" } }, 409);
  },
  async closePeriod({ app, send }) {
    const empty = await openPeriod(app, "1962-01-01", "1962-06-30");
    expect((await send("admin", { params: { id: empty } }, 200)).body).toMatchObject({ status: "closed" });
    await send("admin", { params: { id: empty } }, 409);
    await send("admin", { params: { id: UNKNOWN } }, 404);
  },
  async periodStatements({ app, send }) {
    const { periodId, statementId } = await closedStatement(app, 1963, "12.50");
    const answer = await send("admin", { params: { id: periodId } }, 200);
    expect(answer.body).toEqual([expect.objectContaining({ id: statementId, earned: "12.50", payable: "12.50" })]);
    await send("admin", { params: { id: UNKNOWN } }, 404);
  },
  async addPlatformIncome({ app, send }) {
    const open = await openPeriod(app, "1964-01-01", "1964-12-31");
    expect((await send("admin", { params: { id: open } }, 200)).body).toMatchObject({ lines: expect.any(Array) });
    const { periodId } = await closedStatement(app, 1965, "1.00");
    await send("admin", { params: { id: periodId } }, 409);
    await send("admin", { params: { id: UNKNOWN } }, 404);
  },
  async myStatements({ app, send }) {
    await send("member", {}, 404);
    const { statementId } = await closedStatement(app, 1966, "3.00", "member@contract.test");
    expect((await send("member", {}, 200)).body).toEqual([
      expect.objectContaining({ id: statementId, periodStart: "1966-01-01", periodEnd: "1966-12-31" }),
    ]);
  },
  async recordPayout({ app, send }) {
    const { statementId } = await closedStatement(app, 1967, "40.00");
    const body = { paidOn: "1968-01-05", reference: "TR-7" };
    await send("admin", { params: { id: statementId }, body: { paidOn: "5 January" } }, 400);
    const answer = await send("admin", { params: { id: statementId }, body }, 201);
    expect(answer.body).toMatchObject({ statementId, amount: "40.00", ...body });
    await send("admin", { params: { id: statementId }, body }, 409);
    await send("admin", { params: { id: UNKNOWN }, body }, 404);
  },
};
