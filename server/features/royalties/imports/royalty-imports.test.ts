import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyCodeAssignments, royaltyImports, royaltyLines } from "@shared/royalties.table";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL } from "../../../test/payments";
import { insertRelease, sampleReport, uploadReport } from "./royalty-imports.test-support";

let app: TestApp;
let admin: Agent;
let member: Agent;
let firstLightTrack: string;
let secondWindTrack: string;

const DK_HEADER = sampleReport("distrokid.tsv").toString().split("\n")[0];
/** A DistroKid line; each test's file differs, so none is refused as a duplicate of another. */
const dkLine = (isrc: string, upc: string, amount: string, date = "2026-03-07") =>
  [date, "2026-01", "Spotify", "Sample Artist", "Song", isrc, upc, "1", "100", "Song", "US", "0", amount].join("\t");
const dkReport = (...lines: string[]) => [DK_HEADER, ...lines].join("\n") + "\n";

const lineCount = async () => (await app.db.select({ n: count() }).from(royaltyLines))[0].n;
const importCount = async () => (await app.db.select({ n: count() }).from(royaltyImports))[0].n;
const linesOf = (importId: string) =>
  app.db.select().from(royaltyLines).where(eq(royaltyLines.importId, importId)).orderBy(asc(royaltyLines.id));

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await app.signIn(ADMIN_EMAIL);
  member = await app.signIn("listener@label.test");
  // The catalogue knows the release (by its UPC) and its first track; "Second Wind"'s ISRC is not
  // the one the distributors report, so its lines wait to be assigned.
  const { tracks } = await insertRelease(app, {
    upc: "198765432109",
    tracks: [
      { isrc: "QZSMP2600001", title: "First Light" },
      { isrc: "QZSMP2699999", title: "Second Wind" },
    ],
  });
  [firstLightTrack, secondWindTrack] = tracks.map((t) => t.id);
});
afterAll(async () => {
  await app?.close();
});

describe("importing distributors' reports", () => {
  it("imports DistroKid's report: each line matched by ISRC, else UPC, amounts kept exactly", async () => {
    const res = await uploadReport(admin, sampleReport("distrokid.tsv"), { name: "distrokid.tsv" }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      format: "distrokid",
      lines: 5,
      matched: 4,
      unmatched: 1,
      total: "80.101812",
    });
    const lines = await linesOf(res.body.id);
    expect(lines.map((l) => [l.amount, l.converted, l.rate, l.currency])).toEqual([
      ["41.237800", "41.237800", "1.0000000000", "USD"],
      ["17.902100", "17.902100", "1.0000000000", "USD"],
      ["20.930000", "20.930000", "1.0000000000", "USD"],
      ["0.031500", "0.031500", "1.0000000000", "USD"],
      ["0.000412", "0.000412", "1.0000000000", "USD"],
    ]);
    expect(lines[0]).toMatchObject({ trackId: firstLightTrack, releaseId: null, reportedOn: "2026-02-07" });
    expect(lines[0]).toMatchObject({ saleMonth: "2025-12", store: "Spotify", country: "US", quantity: 12840 });
    expect(lines[2]).toMatchObject({ isrc: null, upc: "198765432109", trackId: null, releaseId: expect.any(String) });
    expect(lines[4]).toMatchObject({ isrc: "QZSMP2600002", upc: null, trackId: null, releaseId: null });
    const [row] = await app.db.select().from(royaltyImports).where(eq(royaltyImports.id, res.body.id));
    expect(row).toMatchObject({ status: "done", fileName: "distrokid.tsv", lines: 5, total: "80.101812" });
    expect(row.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.bytesRead).toBe(sampleReport("distrokid.tsv").length);
  });

  it("imports CD Baby's report with its US dates", async () => {
    const res = await uploadReport(admin, sampleReport("cdbaby.tsv"), { name: "cdbaby.tsv" }).expect(201);
    expect(res.body).toMatchObject({ format: "cdbaby", lines: 2, matched: 2, unmatched: 0, total: "14.516" });
    const lines = await linesOf(res.body.id);
    expect(lines.map((l) => [l.reportedOn, l.saleMonth, l.amount])).toEqual([
      ["2026-02-15", "2026-01", "14.112000"],
      ["2026-02-15", "2026-01", "0.404000"],
    ]);
  });

  it("refuses a currency without a rate, naming it, and adds nothing", async () => {
    const [lines, imports] = [await lineCount(), await importCount()];
    const res = await uploadReport(admin, sampleReport("tunecore.csv"), { name: "tunecore.csv" }).expect(400);
    expect(res.body.message).toBe("Add a rate for EUR: how many dollars one euro is worth");
    expect(await lineCount()).toBe(lines);
    const [failed] = await app.db
      .select()
      .from(royaltyImports)
      .orderBy(asc(royaltyImports.createdAt))
      .limit(1)
      .offset(imports);
    expect(failed).toMatchObject({ status: "failed", format: "tunecore", error: res.body.message, lines: 0 });
  });

  it("refuses rates sent after the file", async () => {
    const lines = await lineCount();
    const res = await uploadReport(admin, sampleReport("tunecore.csv"), { rates: { EUR: "1.10" }, ratesAfter: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Send the rates before the file");
    expect(await lineCount()).toBe(lines);
  });

  it("converts TuneCore's EUR lines exactly at the rate given, its quoted fields whole", async () => {
    const res = await uploadReport(admin, sampleReport("tunecore.csv"), {
      name: "tunecore.csv",
      rates: { EUR: "1.10" },
    }).expect(201);
    expect(res.body).toMatchObject({ format: "tunecore", lines: 2, matched: 2, total: "11.067" });
    const lines = await linesOf(res.body.id);
    expect(lines.map((l) => [l.currency, l.amount, l.rate, l.converted])).toEqual([
      ["EUR", "9.870000", "1.1000000000", "10.857"],
      ["USD", "0.210000", "1.0000000000", "0.21"],
    ]);
    expect(lines[1]).toMatchObject({ country: "Korea, Republic of", title: "Second Wind, Pt. 2" });
  });

  it("refuses the same file again with the day it was imported, adding nothing", async () => {
    const [lines, imports] = [await lineCount(), await importCount()];
    const res = await uploadReport(admin, sampleReport("distrokid.tsv")).expect(409);
    const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: app.config.shows.defaultTimeZone });
    expect(res.body.message).toBe(`This file was already imported on ${day.format(new Date())}`);
    expect(res.body.message).toMatch(/on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await lineCount()).toBe(lines);
    expect(await importCount()).toBe(imports);
  });

  it("refuses a header it does not know, naming the columns each format has", async () => {
    const res = await uploadReport(admin, "Date,Song,Money\n2026-01-01,x,1\n").expect(400);
    expect(res.body.message).toContain("a DistroKid report has Reporting Date, Sale Month, Store");
    expect(res.body.message).toContain("a CD Baby report has Report Date");
    expect(res.body.message).toContain("a TuneCore report has Posted Date");
  });

  it("refuses a malformed line by its number and column, adding none of the file", async () => {
    const lines = await lineCount();
    const file = dkReport(dkLine("QZSMP2600001", "", "1.25"), dkLine("QZSMP2600001", "", "1.2345678"));
    const res = await uploadReport(admin, file).expect(400);
    expect(res.body.message).toBe(
      'Line 3, column "Earnings (USD)": "1.2345678" is not an amount with at most 6 decimals',
    );
    const bad = await uploadReport(admin, dkReport(dkLine("QZSMP2600001", "", "1", "2026-13-01"))).expect(400);
    expect(bad.body.message).toMatch(/^Line 2, column "Reporting Date"/);
    expect(await lineCount()).toBe(lines);
  });

  it("keeps micro-amounts exactly and adds them without rounding", async () => {
    const file = dkReport(
      dkLine("QZSMP2600001", "", "0.000412"),
      dkLine("QZSMP2600001", "", "0.000001"),
      dkLine("QZSMP2600001", "", "0.1"),
      dkLine("QZSMP2600001", "", "0.2"),
    );
    const res = await uploadReport(admin, file).expect(201);
    expect(res.body.total).toBe("0.300413");
    expect((await linesOf(res.body.id)).map((l) => l.amount)).toEqual(["0.000412", "0.000001", "0.100000", "0.200000"]);
  });

  it("lists the imports newest first and answers one of them", async () => {
    const list = await admin.get("/api/royalty-imports").expect(200);
    expect(list.body.length).toBeGreaterThanOrEqual(4);
    const times = list.body.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const done = list.body.find((i: { format: string }) => i.format === "cdbaby");
    const one = await admin.get(`/api/royalty-imports/${done.id}`).expect(200);
    expect(one.body).toMatchObject({ status: "done", lines: 2, total: "14.516", error: null, fileName: "cdbaby.tsv" });
    await admin.get("/api/royalty-imports/00000000-0000-4000-8000-000000000000").expect(404);
  });

  it("keeps the imports and the lines to administrators", async () => {
    await uploadReport(member, dkReport(dkLine("QZSMP2600001", "", "5"))).expect(403);
    await member.get("/api/royalty-imports").expect(403);
    await member.get("/api/royalty-lines?unmatched=true").expect(403);
    await member.get("/api/royalty-lines/unmatched-codes").expect(403);
    await member.post("/api/royalty-lines/assign").send({ isrc: "QZSMP2600002", trackId: secondWindTrack }).expect(403);
  });
});

describe("the unmatched queue", () => {
  it("lists the waiting lines and their codes", async () => {
    const lines = await admin.get("/api/royalty-lines?unmatched=true").expect(200);
    expect(lines.body).toEqual([
      {
        id: expect.any(Number),
        isrc: "QZSMP2600002",
        upc: null,
        title: "Second Wind",
        store: "YouTube (Ads)",
        amount: "0.000412",
        currency: "USD",
        reportedOn: "2026-02-07",
      },
    ]);
    const codes = await admin.get("/api/royalty-lines/unmatched-codes").expect(200);
    expect(codes.body).toEqual([
      {
        isrc: "QZSMP2600002",
        upc: null,
        title: "Second Wind",
        artist: "Sample Artist",
        lines: 1,
        amount: "0.000412",
        firstReported: "2026-02-07",
        lastReported: "2026-02-07",
      },
    ]);
    await admin.get("/api/royalty-lines").expect(400);
  });

  it("refuses a code that is a catalogue track's own, or a track that does not exist", async () => {
    const own = await admin
      .post("/api/royalty-lines/assign")
      .send({ isrc: "QZ-SMP-26-00001", trackId: secondWindTrack })
      .expect(409);
    expect(own.body.message).toBe("QZSMP2600001 is the ISRC of First Light in the catalogue");
    await admin
      .post("/api/royalty-lines/assign")
      .send({ isrc: "QZSMP2600002", trackId: "00000000-0000-4000-8000-000000000000" })
      .expect(404);
    await admin.post("/api/royalty-lines/assign").send({ isrc: "nonsense", trackId: secondWindTrack }).expect(400);
  });

  it("assigns an ISRC: the waiting lines match, and so do a later import's", async () => {
    const res = await admin
      .post("/api/royalty-lines/assign")
      .send({ isrc: "qz-smp-26-00002", trackId: secondWindTrack })
      .expect(200);
    expect(res.body).toEqual({ matched: 1 });
    expect((await admin.get("/api/royalty-lines?unmatched=true").expect(200)).body).toEqual([]);
    const [assignment] = await app.db.select().from(royaltyCodeAssignments);
    expect(assignment).toMatchObject({ code: "QZSMP2600002", trackId: secondWindTrack, releaseId: null });

    const later = await uploadReport(admin, dkReport(dkLine("QZSMP2600002", "", "3.5", "2026-04-07"))).expect(201);
    expect(later.body).toMatchObject({ matched: 1, unmatched: 0 });
    expect((await linesOf(later.body.id))[0].trackId).toBe(secondWindTrack);

    const again = await admin
      .post("/api/royalty-lines/assign")
      .send({ isrc: "QZSMP2600002", trackId: firstLightTrack })
      .expect(409);
    expect(again.body.message).toBe("QZSMP2600002 is already assigned to another track");
  });

  it("assigns a UPC to a release, matching the lines that carry it", async () => {
    const { release } = await insertRelease(app, { upc: "036000291452", title: "Other Release" });
    await uploadReport(admin, dkReport(dkLine("", "0-36000-29145-2", "2.25", "2026-05-07"))).expect(201);
    expect((await admin.get("/api/royalty-lines/unmatched-codes").expect(200)).body).toEqual([]);
    await uploadReport(admin, dkReport(dkLine("", "042100005264", "2.25", "2026-05-08"))).expect(201);
    const res = await admin
      .post("/api/royalty-lines/assign")
      .send({ upc: "042100005264", releaseId: release.id })
      .expect(200);
    expect(res.body).toEqual({ matched: 1 });
  });

  it("assigns a code as the report gives it, even a UPC whose check digit is wrong", async () => {
    const { release } = await insertRelease(app, { upc: "4006381333931", title: "Misprinted Release" });
    // 036000291453: the check digit should be 2; the catalogue would refuse it, a report may not.
    await uploadReport(admin, dkReport(dkLine("", "036000291453", "1.50", "2026-05-09"))).expect(201);
    const res = await admin
      .post("/api/royalty-lines/assign")
      .send({ upc: "036000291453", releaseId: release.id })
      .expect(200);
    expect(res.body).toEqual({ matched: 1 });
    await admin.post("/api/royalty-lines/assign").send({ upc: "03600029145X", releaseId: release.id }).expect(400);
  });
});
