import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent, TestApp } from "../../../test/app-harness";
import { startRoyaltiesApp } from "../royalties.test-support";
import { insertLine, insertManyLines, postPeriod, soleArtist } from "../statements/royalty-statements.test-support";

const ADMIN = "admin@overflow.test";

let app: TestApp, admin: Agent;
beforeAll(async () => ({ app, admin } = await startRoyaltiesApp(ADMIN)));
afterAll(() => app?.close());

async function writtenFor(periodId: string) {
  const [row] = (
    await app.db.execute<{ statements: number; claimed: number; status: string }>(sql`
      select (select count(*)::int from royalty_statements where period_id = ${periodId}) as statements,
        (select count(*)::int from royalty_lines where period_id = ${periodId}) as claimed,
        (select status from royalty_periods where id = ${periodId}) as status`)
  ).rows;
  return row;
}

const artist = (name: string) => soleArtist(app, "100", { name });

describe("a closing whose figures would overflow", () => {
  it("refuses with 409 naming the payee when the lines of many imports earn more than a statement holds", async () => {
    const { release } = await artist("Zed Overflow");
    // Each line is within an import's bounds; 1,001 of them are not within a statement's.
    await insertManyLines(app, 1001, { reportedOn: "2061-03-01", amount: "999999999.99", releaseId: release.id });
    const periodId = await postPeriod(admin, "2061-01-01", "2061-12-31");
    const refused = await admin.post(`/api/royalty-periods/${periodId}/close`).expect(409);
    expect(refused.body.message).toBe(
      "The statement of Zed Overflow would have earned 1,000,999,999,989.99, more than a statement holds " +
        "(999,999,999,999.99 either way): check that payee's report lines, advances and payouts. Nothing was closed.",
    );
    expect(await writtenFor(periodId)).toEqual({ statements: 0, claimed: 0, status: "open" });
    await app.db.execute(sql`delete from royalty_lines where reported_on = '2061-03-01'`);
  });

  it("refuses with 409 when a carried balance and new earnings would close above what a statement holds", async () => {
    const { release } = await artist("Yara Carried");
    await insertManyLines(app, 1000, { reportedOn: "2063-03-01", amount: "999999999.999", releaseId: release.id });
    const first = await postPeriod(admin, "2063-01-01", "2063-12-31");
    await admin.post(`/api/royalty-periods/${first}/close`).expect(200);
    await insertLine(app, { reportedOn: "2064-03-01", amount: "1.00", releaseId: release.id });
    const second = await postPeriod(admin, "2064-01-01", "2064-12-31");
    const refused = await admin.post(`/api/royalty-periods/${second}/close`).expect(409);
    expect(refused.body.message).toMatch(
      /^The statement of Yara Carried would have a closing balance of 1,000,000,000,000\.00/,
    );
    expect(await writtenFor(second)).toEqual({ statements: 0, claimed: 0, status: "open" });
    // The periods' list still adds their figures up, beyond a statement's columns.
    await admin.get("/api/royalty-periods").expect(200);
  });
});
