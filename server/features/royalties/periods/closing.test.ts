import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { royaltyLines, royaltySplits } from "@shared/royalties.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { startRoyaltiesApp } from "../royalties.test-support";
import {
  closedPeriod,
  getStatementOf,
  insertAdvance,
  insertLine,
  insertManyLines,
  insertPayee,
  insertRelease,
  insertSplit,
  insertTrack,
  postClose,
  postPeriod,
  soleArtist,
} from "../statements/royalty-statements.test-support";

const ADMIN = "admin@closing.test";
let app: TestApp, admin: Agent;
beforeAll(async () => ({ app, admin } = await startRoyaltiesApp(ADMIN)));
afterAll(() => app?.close());

// Each test takes its own years: a closing claims every waiting line dated up to its end.
describe("periods", () => {
  it("opens a period, refuses one that overlaps it, and lists the newest first", async () => {
    const first = await admin.post("/api/royalty-periods").send({ start: "1951-01-01", end: "1951-03-31" }).expect(201);
    expect(first.body).toMatchObject({ start: "1951-01-01", end: "1951-03-31", status: "open", closedAt: null });
    const overlap = await admin.post("/api/royalty-periods").send({ start: "1951-03-31", end: "1951-06-30" });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe("This period overlaps the period 1951-01-01 to 1951-03-31");
    await postPeriod(admin, "1951-04-01", "1951-06-30");
    const list = (await admin.get("/api/royalty-periods").expect(200)).body as { start: string }[];
    const mine = list.filter((p) => p.start.startsWith("1951"));
    expect(mine.map((p) => p.start)).toEqual(["1951-04-01", "1951-01-01"]);
  });

  it("refuses an end before the start, beside the field", async () => {
    const res = await admin.post("/api/royalty-periods").send({ start: "1952-02-01", end: "1952-01-31" }).expect(400);
    expect(res.body.fieldErrors).toEqual({ end: ["The end is on or after the start"] });
  });
});

describe("closing a period", () => {
  it("recoups an advance across periods: −375.00 carried, then 180.00 payable, then deducted once paid", async () => {
    const { payee, release } = await soleArtist(app);
    await insertAdvance(app, payee.id, "1000.00", "2001-02-01");
    await insertLine(app, { reportedOn: "2001-03-01", amount: "625.00", releaseId: release.id });
    const p1 = await postPeriod(admin, "2001-01-01", "2001-12-31");
    const closed = await postClose(admin, p1);
    expect(closed).toMatchObject({ status: "closed", statementCount: expect.any(Number) });
    expect(await getStatementOf(admin, p1, payee.id)).toMatchObject({
      opening: "0.00",
      earned: "625.00",
      advances: "1000.00",
      closing: "-375.00",
      payable: "0.00",
      paidOn: null,
    });

    await insertLine(app, { reportedOn: "2002-05-01", amount: "555.00", releaseId: release.id });
    const { periodId: p2 } = await closedPeriod(admin, "2002-01-01", "2002-12-31");
    const second = await getStatementOf(admin, p2, payee.id);
    expect(second).toMatchObject({
      opening: "-375.00",
      earned: "555.00",
      advances: "0.00",
      closing: "180.00",
      payable: "180.00",
    });

    const paid = await admin
      .post(`/api/statements/${second!.id}/payouts`)
      .send({ paidOn: "2003-01-15", reference: "TR-1" })
      .expect(201);
    expect(paid.body).toMatchObject({
      statementId: second!.id,
      amount: "180.00",
      paidOn: "2003-01-15",
      reference: "TR-1",
    });
    const again = await admin.post(`/api/statements/${second!.id}/payouts`).send({ paidOn: "2003-01-16" }).expect(409);
    expect(again.body.message).toBe("This statement is already paid");
    expect(await getStatementOf(admin, p2, payee.id)).toMatchObject({ paidOn: "2003-01-15", reference: "TR-1" });

    const { periodId: p3 } = await closedPeriod(admin, "2003-01-01", "2003-12-31");
    expect(await getStatementOf(admin, p3, payee.id)).toMatchObject({
      opening: "0.00",
      earned: "0.00",
      closing: "0.00",
      payable: "0.00",
    });
  });

  it("pays an unpaid balance once: on the latest statement that carries it, not on the one before", async () => {
    const { payee, release } = await soleArtist(app);
    await insertLine(app, { reportedOn: "2017-03-01", amount: "10.00", releaseId: release.id });
    const { periodId: p1 } = await closedPeriod(admin, "2017-01-01", "2017-06-30");
    const { periodId: p2 } = await closedPeriod(admin, "2017-07-01", "2017-12-31");
    const [first, second] = [await getStatementOf(admin, p1, payee.id), await getStatementOf(admin, p2, payee.id)];
    expect(first).toMatchObject({ closing: "10.00", payable: "10.00" });
    expect(second).toMatchObject({ opening: "10.00", earned: "0.00", closing: "10.00", payable: "10.00" });
    const refused = await admin.post(`/api/statements/${first!.id}/payouts`).send({ paidOn: "2018-01-02" }).expect(409);
    expect(refused.body.message).toBe("A later statement of this payee carries this balance: record the payout there");
    await admin.post(`/api/statements/${second!.id}/payouts`).send({ paidOn: "2018-01-02" }).expect(201);
    const { periodId: p3 } = await closedPeriod(admin, "2018-01-01", "2018-06-30");
    expect(await getStatementOf(admin, p3, payee.id)).toMatchObject({
      opening: "0.00",
      closing: "0.00",
      payable: "0.00",
    });
  });

  it("splits 100.00 three ways to the cent", async () => {
    const release = await insertRelease(app);
    const payees = await Promise.all([insertPayee(app), insertPayee(app), insertPayee(app)]);
    const shares = ["33.33", "33.33", "33.34"];
    for (const [i, payee] of payees.entries()) await insertSplit(app, payee.id, { releaseId: release.id }, shares[i]);
    await insertLine(app, { reportedOn: "2004-06-30", amount: "100.00", releaseId: release.id });
    const { periodId: p } = await closedPeriod(admin, "2004-01-01", "2004-12-31");
    const earned = await Promise.all(payees.map(async (payee) => (await getStatementOf(admin, p, payee.id))!.earned));
    expect(earned).toEqual(["33.33", "33.33", "33.34"]);
  });

  it("sums micro-amounts at full precision and rounds once: 10,000 × 0.000412 at 50 % is 2.06", async () => {
    const { payee, release } = await soleArtist(app, "50");
    await insertManyLines(app, 10_000, { reportedOn: "2005-03-01", amount: "0.000412", releaseId: release.id });
    const { periodId: p } = await closedPeriod(admin, "2005-01-01", "2005-12-31");
    expect((await getStatementOf(admin, p, payee.id))!.earned).toBe("2.06");
  });

  it("converts with the report's rate and rounds half-up: 100.00 EUR at 1.10 and 0.01 EUR at 1.5", async () => {
    const { payee, release } = await soleArtist(app);
    await insertLine(app, {
      reportedOn: "2006-02-01",
      amount: "100.00",
      currency: "EUR",
      rate: "1.10",
      releaseId: release.id,
    });
    await insertLine(app, {
      reportedOn: "2006-02-01",
      amount: "0.01",
      currency: "EUR",
      rate: "1.5",
      releaseId: release.id,
    });
    const { periodId: p } = await closedPeriod(admin, "2006-01-01", "2006-12-31");
    // 110.00 + 0.015 = 110.015 → 110.02
    expect((await getStatementOf(admin, p, payee.id))!.earned).toBe("110.02");
  });

  it("uses a track's own splits when it has any, and its release's otherwise", async () => {
    const release = await insertRelease(app);
    const [own, other] = await Promise.all([insertTrack(app, release.id), insertTrack(app, release.id)]);
    const artist = await insertPayee(app);
    const producer = await insertPayee(app);
    await insertSplit(app, artist.id, { releaseId: release.id }, "80");
    await insertSplit(app, producer.id, { trackId: own.id }, "25");
    await insertLine(app, { reportedOn: "2007-01-10", amount: "40.00", trackId: own.id, releaseId: release.id });
    await insertLine(app, { reportedOn: "2007-01-10", amount: "10.00", trackId: other.id, releaseId: release.id });
    const { periodId: p } = await closedPeriod(admin, "2007-01-01", "2007-12-31");
    expect((await getStatementOf(admin, p, producer.id))!.earned).toBe("10.00");
    expect((await getStatementOf(admin, p, artist.id))!.earned).toBe("8.00");
  });

  it("refuses while unmatched lines dated inside remain, and changes nothing", async () => {
    const { payee, release } = await soleArtist(app);
    const matched = await insertLine(app, { reportedOn: "2008-02-01", amount: "5.00", releaseId: release.id });
    await insertLine(app, { reportedOn: "2008-03-01", amount: "1.00", isrc: "USRC10800001" });
    await insertLine(app, { reportedOn: "2008-03-02", amount: "1.00", isrc: "USRC10800002" });
    const p = await postPeriod(admin, "2008-01-01", "2008-12-31");
    const res = await admin.post(`/api/royalty-periods/${p}/close`).expect(409);
    expect(res.body.message).toBe("2 unmatched lines dated inside this period remain: assign them first");
    const [line] = await app.db.select().from(royaltyLines).where(eq(royaltyLines.id, matched.id));
    expect(line.periodId).toBeNull();
    expect(await getStatementOf(admin, p, payee.id)).toBeUndefined();
    expect((await admin.get("/api/royalty-periods").expect(200)).body).toContainEqual(
      expect.objectContaining({ id: p, status: "open" }),
    );
    // Assigned (here: matched by hand), the period closes.
    await app.db.update(royaltyLines).set({ releaseId: release.id }).where(eq(royaltyLines.isrc, "USRC10800001"));
    await app.db.update(royaltyLines).set({ releaseId: release.id }).where(eq(royaltyLines.isrc, "USRC10800002"));
    await postClose(admin, p);
    expect((await getStatementOf(admin, p, payee.id))!.earned).toBe("7.00");
    const twice = await admin.post(`/api/royalty-periods/${p}/close`).expect(409);
    expect(twice.body.message).toBe("This period is already closed");
  });

  it("keeps a closed period's statements when lines arrive and splits change later; a late line counts next time", async () => {
    const { payee, release } = await soleArtist(app, "50");
    await insertLine(app, { reportedOn: "2009-04-01", amount: "20.00", releaseId: release.id });
    const { periodId: p1 } = await closedPeriod(admin, "2009-01-01", "2009-06-30");
    const before = await getStatementOf(admin, p1, payee.id);
    expect(before!.earned).toBe("10.00");

    await app.db.update(royaltySplits).set({ share: "100" }).where(eq(royaltySplits.releaseId, release.id));
    await insertLine(app, { reportedOn: "2009-05-01", amount: "30.00", releaseId: release.id });
    expect(await getStatementOf(admin, p1, payee.id)).toEqual(before);

    await insertLine(app, { reportedOn: "2009-08-01", amount: "1.00", releaseId: release.id });
    const { periodId: p2 } = await closedPeriod(admin, "2009-07-01", "2009-12-31");
    // The late 30.00 and the July 1.00, at the share of the day the period closed.
    expect((await getStatementOf(admin, p2, payee.id))!.earned).toBe("31.00");
    expect(await getStatementOf(admin, p1, payee.id)).toEqual(before);
  });

  it("closes once when two closings of the same period race", async () => {
    const { payee, release } = await soleArtist(app);
    await insertLine(app, { reportedOn: "2019-02-01", amount: "8.00", releaseId: release.id });
    const p = await postPeriod(admin, "2019-01-01", "2019-12-31");
    const other = await app.signIn(ADMIN);
    const answers = await Promise.all([
      admin.post(`/api/royalty-periods/${p}/close`),
      other.post(`/api/royalty-periods/${p}/close`),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await getStatementOf(admin, p, payee.id))!.earned).toBe("8.00");
  });

  it("leaves lines dated after the period's end waiting", async () => {
    const { payee, release } = await soleArtist(app);
    await insertLine(app, { reportedOn: "2010-02-01", amount: "4.00", releaseId: release.id });
    const after = await insertLine(app, { reportedOn: "2011-02-01", amount: "9.00", releaseId: release.id });
    const { periodId: p } = await closedPeriod(admin, "2010-01-01", "2010-12-31");
    expect((await getStatementOf(admin, p, payee.id))!.earned).toBe("4.00");
    const [line] = await app.db.select().from(royaltyLines).where(eq(royaltyLines.id, after.id));
    expect(line.periodId).toBeNull();
    const { periodId: p2 } = await closedPeriod(admin, "2011-01-01", "2011-12-31");
    expect((await getStatementOf(admin, p2, payee.id))!.earned).toBe("9.00");
  });

  it("queues one e-mail per payee that links to their royalties page", async () => {
    const { payee, release } = await soleArtist(app);
    await insertLine(app, { reportedOn: "2012-02-01", amount: "3.00", releaseId: release.id });
    const { periodId: p } = await closedPeriod(admin, "2012-01-01", "2012-12-31");
    const statement = await getStatementOf(admin, p, payee.id);
    const messages = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.template, "royalty-statement-ready"), eq(outboxMessages.aboutId, statement!.id)));
    expect(messages).toHaveLength(1);
    expect(messages[0].recipient).toBe(payee.email);
    // The e-mail tells the payee their own figures, as the statement has them.
    expect(messages[0].params).toMatchObject({
      periodStart: "2012-01-01",
      periodEnd: "2012-12-31",
      earned: statement!.earned,
      payable: statement!.payable,
    });
    expect((messages[0].params as { link: string }).link).toBe(`${app.baseUrl}/royalties`);
  });
});
