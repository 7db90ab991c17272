import { and, eq } from "drizzle-orm";
import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { royaltyLines, royaltySplits } from "@shared/royalties.table";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { pdfText } from "../../test/pdf-text";
import {
  insertAdvance,
  insertLine,
  insertManyLines,
  insertPayee,
  insertPlatformSales,
  insertRelease,
  insertSplit,
  insertTrack,
} from "./royalty-statements.test-support";

const ADMIN = "admin@royalties.test";

let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

// Each test takes its own years: a closing claims every waiting line dated up to its end.
async function period(start: string, end: string, agent = admin): Promise<string> {
  return (await agent.post("/api/royalty-periods").send({ start, end }).expect(201)).body.id;
}

async function close(periodId: string, agent = admin) {
  return (await agent.post(`/api/royalty-periods/${periodId}/close`).expect(200)).body;
}

async function statementOf(periodId: string, payeeId: string): Promise<RoyaltyStatement | undefined> {
  const res = await admin.get(`/api/royalty-periods/${periodId}/statements`).expect(200);
  return (res.body as RoyaltyStatement[]).find((s) => s.payeeId === payeeId);
}

/** A payee with 100 % of one release. */
async function soleArtist(share = "100") {
  const payee = await insertPayee(app);
  const release = await insertRelease(app);
  await insertSplit(app, payee.id, { releaseId: release.id }, share);
  return { payee, release };
}

/** Exact decimal sum of strings, as scaled BigInts (20 places), rounded half-up to cents like the closing. */
function halfUpSum(amounts: string[]): string {
  const SCALE = 20;
  const scaled = amounts.reduce((total, amount) => {
    const [whole, fraction = ""] = amount.replace("-", "").split(".");
    const value = BigInt(whole + fraction.padEnd(SCALE, "0").slice(0, SCALE));
    return total + (amount.startsWith("-") ? -value : value);
  }, 0n);
  const unit = 10n ** BigInt(SCALE - 2);
  const shifted = scaled * 2n + unit; // floor(x × 100 + 0.5) = floor((2x·100 + 1) / 2)
  const denominator = unit * 2n;
  let cents = shifted / denominator;
  if (shifted % denominator !== 0n && shifted < 0n) cents -= 1n;
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

describe("periods", () => {
  it("opens a period, refuses one that overlaps it, and lists the newest first", async () => {
    const first = await admin.post("/api/royalty-periods").send({ start: "1951-01-01", end: "1951-03-31" }).expect(201);
    expect(first.body).toMatchObject({ start: "1951-01-01", end: "1951-03-31", status: "open", closedAt: null });
    const overlap = await admin.post("/api/royalty-periods").send({ start: "1951-03-31", end: "1951-06-30" });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe("This period overlaps the period 1951-01-01 to 1951-03-31");
    await period("1951-04-01", "1951-06-30");
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
    const { payee, release } = await soleArtist();
    await insertAdvance(app, payee.id, "1000.00", "2001-02-01");
    await insertLine(app, { reportedOn: "2001-03-01", amount: "625.00", releaseId: release.id });
    const p1 = await period("2001-01-01", "2001-12-31");
    const closed = await close(p1);
    expect(closed).toMatchObject({ status: "closed", statementCount: expect.any(Number) });
    expect(await statementOf(p1, payee.id)).toMatchObject({
      opening: "0.00",
      earned: "625.00",
      advances: "1000.00",
      closing: "-375.00",
      payable: "0.00",
      paidOn: null,
    });

    await insertLine(app, { reportedOn: "2002-05-01", amount: "555.00", releaseId: release.id });
    const p2 = await period("2002-01-01", "2002-12-31");
    await close(p2);
    const second = await statementOf(p2, payee.id);
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
    expect(await statementOf(p2, payee.id)).toMatchObject({ paidOn: "2003-01-15", reference: "TR-1" });

    const p3 = await period("2003-01-01", "2003-12-31");
    await close(p3);
    expect(await statementOf(p3, payee.id)).toMatchObject({
      opening: "0.00",
      earned: "0.00",
      closing: "0.00",
      payable: "0.00",
    });
  });

  it("pays an unpaid balance once: on the latest statement that carries it, not on the one before", async () => {
    const { payee, release } = await soleArtist();
    await insertLine(app, { reportedOn: "2017-03-01", amount: "10.00", releaseId: release.id });
    const p1 = await period("2017-01-01", "2017-06-30");
    await close(p1);
    const p2 = await period("2017-07-01", "2017-12-31");
    await close(p2);
    const [first, second] = [await statementOf(p1, payee.id), await statementOf(p2, payee.id)];
    expect(first).toMatchObject({ closing: "10.00", payable: "10.00" });
    expect(second).toMatchObject({ opening: "10.00", earned: "0.00", closing: "10.00", payable: "10.00" });
    const refused = await admin.post(`/api/statements/${first!.id}/payouts`).send({ paidOn: "2018-01-02" }).expect(409);
    expect(refused.body.message).toBe("A later statement of this payee carries this balance: record the payout there");
    await admin.post(`/api/statements/${second!.id}/payouts`).send({ paidOn: "2018-01-02" }).expect(201);
    const p3 = await period("2018-01-01", "2018-06-30");
    await close(p3);
    expect(await statementOf(p3, payee.id)).toMatchObject({ opening: "0.00", closing: "0.00", payable: "0.00" });
  });

  it("splits 100.00 three ways to the cent", async () => {
    const release = await insertRelease(app);
    const payees = await Promise.all([insertPayee(app), insertPayee(app), insertPayee(app)]);
    const shares = ["33.33", "33.33", "33.34"];
    for (const [i, payee] of payees.entries()) await insertSplit(app, payee.id, { releaseId: release.id }, shares[i]);
    await insertLine(app, { reportedOn: "2004-06-30", amount: "100.00", releaseId: release.id });
    const p = await period("2004-01-01", "2004-12-31");
    await close(p);
    const earned = await Promise.all(payees.map(async (payee) => (await statementOf(p, payee.id))!.earned));
    expect(earned).toEqual(["33.33", "33.33", "33.34"]);
  });

  it("sums micro-amounts at full precision and rounds once: 10,000 × 0.000412 at 50 % is 2.06", async () => {
    const { payee, release } = await soleArtist("50");
    await insertManyLines(app, 10_000, { reportedOn: "2005-03-01", amount: "0.000412", releaseId: release.id });
    const p = await period("2005-01-01", "2005-12-31");
    await close(p);
    expect((await statementOf(p, payee.id))!.earned).toBe("2.06");
  });

  it("converts with the report's rate and rounds half-up: 100.00 EUR at 1.10 and 0.01 EUR at 1.5", async () => {
    const { payee, release } = await soleArtist();
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
    const p = await period("2006-01-01", "2006-12-31");
    await close(p);
    // 110.00 + 0.015 = 110.015 → 110.02
    expect((await statementOf(p, payee.id))!.earned).toBe("110.02");
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
    const p = await period("2007-01-01", "2007-12-31");
    await close(p);
    expect((await statementOf(p, producer.id))!.earned).toBe("10.00");
    expect((await statementOf(p, artist.id))!.earned).toBe("8.00");
  });

  it("refuses while unmatched lines dated inside remain, and changes nothing", async () => {
    const { payee, release } = await soleArtist();
    const matched = await insertLine(app, { reportedOn: "2008-02-01", amount: "5.00", releaseId: release.id });
    await insertLine(app, { reportedOn: "2008-03-01", amount: "1.00", isrc: "USRC10800001" });
    await insertLine(app, { reportedOn: "2008-03-02", amount: "1.00", isrc: "USRC10800002" });
    const p = await period("2008-01-01", "2008-12-31");
    const res = await admin.post(`/api/royalty-periods/${p}/close`).expect(409);
    expect(res.body.message).toBe("2 unmatched lines dated inside this period remain: assign them first");
    const [line] = await app.db.select().from(royaltyLines).where(eq(royaltyLines.id, matched.id));
    expect(line.periodId).toBeNull();
    expect(await statementOf(p, payee.id)).toBeUndefined();
    expect((await admin.get("/api/royalty-periods").expect(200)).body).toContainEqual(
      expect.objectContaining({ id: p, status: "open" }),
    );
    // Assigned (here: matched by hand), the period closes.
    await app.db.update(royaltyLines).set({ releaseId: release.id }).where(eq(royaltyLines.isrc, "USRC10800001"));
    await app.db.update(royaltyLines).set({ releaseId: release.id }).where(eq(royaltyLines.isrc, "USRC10800002"));
    await close(p);
    expect((await statementOf(p, payee.id))!.earned).toBe("7.00");
    const twice = await admin.post(`/api/royalty-periods/${p}/close`).expect(409);
    expect(twice.body.message).toBe("This period is already closed");
  });

  it("keeps a closed period's statements when lines arrive and splits change later; a late line counts next time", async () => {
    const { payee, release } = await soleArtist("50");
    await insertLine(app, { reportedOn: "2009-04-01", amount: "20.00", releaseId: release.id });
    const p1 = await period("2009-01-01", "2009-06-30");
    await close(p1);
    const before = await statementOf(p1, payee.id);
    expect(before!.earned).toBe("10.00");

    await app.db.update(royaltySplits).set({ share: "100" }).where(eq(royaltySplits.releaseId, release.id));
    await insertLine(app, { reportedOn: "2009-05-01", amount: "30.00", releaseId: release.id });
    expect(await statementOf(p1, payee.id)).toEqual(before);

    await insertLine(app, { reportedOn: "2009-08-01", amount: "1.00", releaseId: release.id });
    const p2 = await period("2009-07-01", "2009-12-31");
    await close(p2);
    // The late 30.00 and the July 1.00, at the share of the day the period closed.
    expect((await statementOf(p2, payee.id))!.earned).toBe("31.00");
    expect(await statementOf(p1, payee.id)).toEqual(before);
  });

  it("closes once when two closings of the same period race", async () => {
    const { payee, release } = await soleArtist();
    await insertLine(app, { reportedOn: "2019-02-01", amount: "8.00", releaseId: release.id });
    const p = await period("2019-01-01", "2019-12-31");
    const other = await app.signIn(ADMIN);
    const answers = await Promise.all([
      admin.post(`/api/royalty-periods/${p}/close`),
      other.post(`/api/royalty-periods/${p}/close`),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await statementOf(p, payee.id))!.earned).toBe("8.00");
  });

  it("leaves lines dated after the period's end waiting", async () => {
    const { payee, release } = await soleArtist();
    await insertLine(app, { reportedOn: "2010-02-01", amount: "4.00", releaseId: release.id });
    const after = await insertLine(app, { reportedOn: "2011-02-01", amount: "9.00", releaseId: release.id });
    const p = await period("2010-01-01", "2010-12-31");
    await close(p);
    expect((await statementOf(p, payee.id))!.earned).toBe("4.00");
    const [line] = await app.db.select().from(royaltyLines).where(eq(royaltyLines.id, after.id));
    expect(line.periodId).toBeNull();
    const p2 = await period("2011-01-01", "2011-12-31");
    await close(p2);
    expect((await statementOf(p2, payee.id))!.earned).toBe("9.00");
  });

  it("queues one e-mail per payee that links to their royalties page", async () => {
    const { payee, release } = await soleArtist();
    await insertLine(app, { reportedOn: "2012-02-01", amount: "3.00", releaseId: release.id });
    const p = await period("2012-01-01", "2012-12-31");
    await close(p);
    const statement = await statementOf(p, payee.id);
    const messages = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.template, "royalty-statement-ready"), eq(outboxMessages.aboutId, statement!.id)));
    expect(messages).toHaveLength(1);
    expect(messages[0].recipient).toBe(payee.email);
    expect(messages[0].params).toMatchObject({ periodStart: "2012-01-01", periodEnd: "2012-12-31" });
    expect((messages[0].params as { link: string }).link).toBe(`${app.baseUrl}/royalties`);
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
    const { payee, release } = await soleArtist();
    await insertLine(app, { reportedOn: "2013-02-01", amount: "30.00", releaseId: release.id });
    const p1 = await period("2013-01-01", "2013-06-30", strictAdmin);
    await close(p1, strictAdmin);
    expect(await statementOf(p1, payee.id)).toMatchObject({ closing: "30.00", payable: "0.00" });
    await admin
      .post(`/api/statements/${(await statementOf(p1, payee.id))!.id}/payouts`)
      .send({ paidOn: "2013-07-01" })
      .expect(409);
    await insertLine(app, { reportedOn: "2013-08-01", amount: "20.00", releaseId: release.id });
    const p2 = await period("2013-07-01", "2013-12-31", strictAdmin);
    await close(p2, strictAdmin);
    expect(await statementOf(p2, payee.id)).toMatchObject({ opening: "30.00", closing: "50.00", payable: "50.00" });
  });
});

describe("a statement's documents and a payee's own statements", () => {
  let statementId: string;
  let payeeAgent: Agent;
  let periodId: string;
  let payeeId: string;

  beforeAll(async () => {
    const payee = await insertPayee(app, { name: "Rosa Diaz", email: "rosa@royalties.test" });
    const release = await insertRelease(app, "Night Drive");
    const track = await insertTrack(app, release.id, "Neon = Lights");
    await insertSplit(app, payee.id, { releaseId: release.id }, "50");
    await insertManyLines(app, 6_001, {
      reportedOn: "2014-03-01",
      amount: "0.003335",
      trackId: track.id,
      releaseId: release.id,
    });
    await insertLine(app, {
      reportedOn: "2014-03-02",
      amount: "12.345",
      currency: "EUR",
      rate: "1.0837",
      country: "DE",
      store: "Apple Music",
      trackId: track.id,
      releaseId: release.id,
    });
    periodId = await period("2014-01-01", "2014-12-31");
    await close(periodId);
    payeeId = payee.id;
    statementId = (await statementOf(periodId, payee.id))!.id;
    payeeAgent = await app.signIn("Rosa@Royalties.test");
  });

  it("the CSV lists every line, and its amounts round to the PDF's and the statement's earned", async () => {
    const statement = await statementOf(periodId, payeeId);
    const csv = (await payeeAgent.get(`/api/statements/${statementId}/lines.csv`).expect(200)).text;
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .map((row) => row.split(","));
    expect(rows[0]).toEqual([
      "Reported on",
      "Store",
      "Country",
      "Release",
      "Track",
      "ISRC",
      "UPC",
      "Quantity",
      "Currency",
      "Amount",
      "Rate",
      "Converted",
      "Share",
      "Payee amount",
    ]);
    const lines = rows.slice(1);
    expect(lines).toHaveLength(6_002);
    const amounts = lines.map((row) => row[13]);
    expect(halfUpSum(amounts)).toBe(statement!.earned);
    // The track's title starts no formula; "Neon = Lights" stays as it is.
    expect(lines[0][4]).toBe("Neon = Lights");
    expect(lines.find((row) => row[8] === "EUR")).toEqual(expect.arrayContaining(["12.345", "1.0837", "DE"]));

    const pdf = (await payeeAgent.get(`/api/statements/${statementId}/pdf`).buffer(true).parse(binary).expect(200))
      .body as Buffer;
    const text = pdfText(pdf);
    expect(text).toContain("Royalty statement 2014-01-01 to 2014-12-31");
    expect(text).toContain("Rosa Diaz");
    expect(text).toMatch(new RegExp(`Earned\\s*${statement!.earned.replace(".", "\\.")}`));
    for (const part of ["Night Drive", "Neon = Lights", "Apple Music", "Top tracks"]) expect(text).toContain(part);
  });

  it("is for administrators and the payee only: another member gets 404, a visitor 401", async () => {
    await admin.get(`/api/statements/${statementId}/lines.csv`).expect(200);
    const other = await app.signIn("someone@royalties.test");
    expect((await other.get(`/api/statements/${statementId}/pdf`).expect(404)).body.message).toBe("No such statement");
    await other.get(`/api/statements/${statementId}/lines.csv`).expect(404);
    await app.agent().get(`/api/statements/${statementId}/pdf`).expect(401);
    await app.agent().get(`/api/statements/${statementId}/lines.csv`).expect(401);
  });

  it("lists the payee's own statements with their period, and tells a member who is no payee", async () => {
    const mine = (await payeeAgent.get("/api/statements/my").expect(200)).body;
    expect(mine).toEqual([
      expect.objectContaining({ id: statementId, periodStart: "2014-01-01", periodEnd: "2014-12-31", paidOn: null }),
    ]);
    const other = await app.signIn("nobody@royalties.test");
    const res = await other.get("/api/statements/my").expect(404);
    expect(res.body.message).toBe("No royalty statements for this account");
  });
});

describe("the platform's own income", () => {
  it("keeps the artist an administrator gives a merchandise item", async () => {
    const created = await admin
      .post("/api/merchandise")
      .send({ name: "Luna Tee", price: "25.00", artist: "Luna Vale" })
      .expect(201);
    expect(created.body.artist).toBe("Luna Vale");
    const cleared = await admin.patch(`/api/merchandise/${created.body.id}`).send({ artist: "" }).expect(200);
    expect(cleared.body.artist).toBeNull();
  });

  it("credits each artist's payee with tickets, merchandise and vendor slots paid in the period, once", async () => {
    const payee = await insertPayee(app, { artistName: "Luna Vale", platformShare: "10" });
    await insertPlatformSales(app, "luna vale", new Date("2015-03-10T12:00:00Z"), {
      tickets: "45.00",
      merchandise: { unitPrice: "20.00", quantity: 2 },
      vendorSlot: "150.00",
    });
    await insertPlatformSales(app, "Luna Vale", new Date("2016-03-10T12:00:00Z"), {
      tickets: "99.00",
      merchandise: { unitPrice: "99.00", quantity: 1 },
      vendorSlot: "99.00",
    });
    const p = await period("2015-01-01", "2015-12-31");
    const first = await admin.post(`/api/royalty-periods/${p}/platform-income`).expect(200);
    const mine = (first.body.lines as { payeeId: string }[]).filter((line) => line.payeeId === payee.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        { payeeId: payee.id, source: "tickets", amount: "45.00" },
        { payeeId: payee.id, source: "merchandise", amount: "40.00" },
        { payeeId: payee.id, source: "vendor-slots", amount: "150.00" },
      ]),
    );
    await admin.post(`/api/royalty-periods/${p}/platform-income`).expect(200);
    const stored = await app.db.select().from(royaltyLines).where(eq(royaltyLines.payeeId, payee.id));
    expect(stored).toHaveLength(3);
    expect(stored.map((line) => line.store).sort()).toEqual(["Merchandise", "Tickets", "Vendor slots"]);
    await close(p);
    // 10 % of 235.00
    expect((await statementOf(p, payee.id))!.earned).toBe("23.50");
    const closed = await admin.post(`/api/royalty-periods/${p}/platform-income`).expect(409);
    expect(closed.body.message).toBe("This period is closed: its statements are locked");
  });
});
