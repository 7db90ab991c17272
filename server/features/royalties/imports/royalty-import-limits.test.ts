// What an import refuses before anything is added, on a real PostgreSQL: amounts and rates past
// what a statement can hold, a line past 64 KB, a NUL byte, a date PostgreSQL cannot hold, and the
// same report in another shape; and the removal of an import no closed period counts.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyImports, royaltyLines, royaltySplits, payees } from "@shared/royalties.table";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL } from "../../../test/payments";
import { ImportRemovedError, openLineCopy } from "./line-copy";
import { insertRelease, sampleReport, uploadReport } from "./royalty-imports.test-support";

let app: TestApp;
let admin: Agent;

const DK_HEADER = sampleReport("distrokid.tsv").toString().split("\n")[0];
const dkLine = (amount: string, { date = "2026-03-07", title = "First Light", store = "Spotify" } = {}) =>
  [date, "2026-01", store, "Sample Artist", title, "QZSMP2600001", "", "1", "100", "Song", "US", "0", amount].join(
    "\t",
  );
const dkReport = (...lines: string[]) => [DK_HEADER, ...lines].join("\n") + "\n";
const TC_HEADER = sampleReport("tunecore-2024.csv").toString().split("\r\n")[0];
const tcLine = (cells: Record<string, string>) => {
  const header = TC_HEADER.split(",");
  const row = sampleReport("tunecore-2024.csv").toString().split("\r\n")[1].split(",");
  for (const [name, value] of Object.entries(cells)) row[header.indexOf(name)] = value;
  return row.join(",");
};

const counts = async () => ({
  lines: (await app.db.select({ n: count() }).from(royaltyLines))[0].n,
  imports: (await app.db.select({ n: count() }).from(royaltyImports).where(eq(royaltyImports.status, "done")))[0].n,
});

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await app.signIn(ADMIN_EMAIL);
  const { release } = await insertRelease(app, {
    upc: "198765432109",
    tracks: [{ isrc: "QZSMP2600001", title: "First Light" }],
  });
  const [payee] = await app.db.insert(payees).values({ name: "Sample Artist", email: "artist@label.test" }).returning();
  await app.db.insert(royaltySplits).values({ payeeId: payee.id, releaseId: release.id, share: "50" });
});
afterAll(async () => {
  await app?.close();
});

describe("the bounds that keep every statement figure within its column", () => {
  it("refuses an amount past 999,999,999.999999 either way, naming the line and column", async () => {
    const before = await counts();
    const big = await uploadReport(admin, dkReport(dkLine("1"), dkLine("99999999999999.999999"))).expect(400);
    expect(big.body.message).toBe(
      'Line 3, column "Earnings (USD)": "99999999999999.999999" is not an amount a statement can hold ' +
        "(at most 999,999,999.999999 either way)",
    );
    const negative = await uploadReport(admin, dkReport(dkLine("-1000000000"))).expect(400);
    expect(negative.body.message).toMatch(/^Line 2, column "Earnings \(USD\)": "-1000000000" is not an amount/);
    const csv = await uploadReport(admin, `${TC_HEADER}\n${tcLine({ "Total Earned": "1234567890.5" })}\n`);
    expect(csv.status).toBe(400);
    expect(csv.body.message).toMatch(/^Line 2, column "Total Earned": "1234567890.5" is not an amount/);
    expect(await counts()).toEqual(before);
    await uploadReport(admin, dkReport(dkLine("999999999.999999"), dkLine("-999999999.999999"))).expect(201);
  });

  it("refuses a rate past 999.9999999999, in the rates sent or on a line", async () => {
    const before = await counts();
    const file = `${TC_HEADER}\n${tcLine({ Currency: "EUR", "Posted Date": "2026-03-08" })}\n`;
    const sent = await uploadReport(admin, file, { rates: { EUR: "9999999999.9999999999" } }).expect(400);
    expect(sent.body.message).toBe("Check the rate for EUR: a rate is at most 999.9999999999");
    const onLine = `${TC_HEADER}\n${tcLine({ "Exchange Rate": "9999999999.9999999999" })}\n`;
    const line = await uploadReport(admin, onLine).expect(400);
    expect(line.body.message).toBe(
      'Line 2, column "Exchange Rate": "9999999999.9999999999" is not a rate of at most 999.9999999999',
    );
    expect(await counts()).toEqual(before);
    await uploadReport(admin, file, { rates: { EUR: "999.9999999999" } }).expect(201);
    // A line's exchange rate is kept, not used: 0 (a sale of nothing) passes.
    await uploadReport(
      admin,
      `${TC_HEADER}\n${tcLine({ "Exchange Rate": "0", "Posted Date": "2026-03-09" })}\n`,
    ).expect(201);
  });

  it("refuses a report whose lines add up to more than a statement can hold", async () => {
    const before = await counts();
    const lines = Array.from({ length: 1001 }, (_, i) =>
      dkLine(i % 2 ? "999999999" : "-999999999", { store: `S${i}` }),
    );
    const res = await uploadReport(admin, dkReport(...lines)).expect(400);
    expect(res.body.message).toBe(
      "This report's lines add up to more than 999,999,999,999.99 USD (refunds counted as amounts too), " +
        "more than a statement can hold: is this the right file?",
    );
    expect(await counts()).toEqual(before);
  });
});

describe("refusals that used to be server errors", () => {
  it("refuses a NUL byte in a field, naming the line and column, adding nothing", async () => {
    const before = await counts();
    const res = await uploadReport(admin, dkReport(dkLine("1"), dkLine("2", { title: "Nul\u0000Title" }))).expect(400);
    expect(res.body.message).toBe(
      'Line 3, column "Title" holds a character that is not text (a NUL byte): is this the right file?',
    );
    const csv = await uploadReport(admin, `${TC_HEADER}\n${tcLine({ "Store Name": "Spo\u0000tify" })}\n`).expect(400);
    expect(csv.body.message).toBe(
      'Line 2, column "Store Name" holds a character that is not text (a NUL byte): is this the right file?',
    );
    expect(await counts()).toEqual(before);
  });

  it("refuses a report date PostgreSQL cannot hold (year 0) or JavaScript would misread", async () => {
    const before = await counts();
    for (const date of ["0000-01-01", "0099-02-28", "1899-12-31"]) {
      const res = await uploadReport(admin, dkReport(dkLine("1", { date }))).expect(400);
      expect(res.body.message).toBe(
        `Line 2, column "Reporting Date": "${date}" is not a date (YYYY-MM-DD) from 1900 to 9999`,
      );
    }
    const cdbaby = sampleReport("cdbaby-2024.tsv").toString().replace("02/16/2026", "01/01/0000");
    const us = await uploadReport(admin, cdbaby).expect(400);
    expect(us.body.message).toMatch(/^Line 2, column "Report Date": "01\/01\/0000 12:00:00 AM" is not a date/);
    expect(await counts()).toEqual(before);
  });
});

describe("the line cap", () => {
  it("refuses a line longer than 64 KB by its number, at once, whatever the rest of the file", async () => {
    const before = await counts();
    const huge = "x".repeat(4 * 1024 * 1024);
    const started = Date.now();
    const tsv = await uploadReport(admin, `${DK_HEADER}\n${dkLine("1")}\n${huge}`).expect(400);
    expect(tsv.body.message).toBe("Line 3 is longer than 64 KB, which no report line is: is this the right file?");
    const csv = await uploadReport(admin, `${TC_HEADER}\n${huge}\n${tcLine({})}\n`).expect(400);
    expect(csv.body.message).toBe("Line 2 is longer than 64 KB, which no report line is: is this the right file?");
    const inOneLine = await uploadReport(admin, dkReport(dkLine("1", { title: "y".repeat(65 * 1024) }))).expect(400);
    expect(inOneLine.body.message).toMatch(/^Line 2 is longer than 64 KB/);
    // Three 4 MB uploads: quadratic joining took seconds for these few megabytes.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await counts()).toEqual(before);
    await uploadReport(admin, dkReport(dkLine("1", { title: "y".repeat(60 * 1024) }))).expect(201);
  });
});

describe("the duplicate check", () => {
  it("refuses the same report in another shape: CRLF, trailing blank lines, no final newline, a BOM", async () => {
    const lf = dkReport(dkLine("3.25", { date: "2026-04-01" }), dkLine("1.75", { date: "2026-04-01" }));
    await uploadReport(admin, lf).expect(201);
    const before = await counts();
    const shapes = [
      lf.replaceAll("\n", "\r\n"),
      `${lf}\n\n`,
      `${lf}\r\n\r\n`,
      lf.slice(0, -1),
      `\uFEFF${lf}`,
      `\uFEFF${lf.replaceAll("\n", "\r\n")}\r\n`,
    ];
    for (const shape of shapes) {
      const res = await uploadReport(admin, shape).expect(409);
      expect(res.body.message).toMatch(/^This file was already imported on /);
    }
    expect(await counts()).toEqual(before);
    // A blank line inside the report, or a changed figure, is another report.
    await uploadReport(admin, lf.replace("\n2026-04-01", "\n\n2026-04-01")).expect(201);
    await uploadReport(admin, lf.replace("3.25", "3.26")).expect(201);
  });
});

describe("removing an import", () => {
  it("removes an import no closed period counts, with its lines; the report can then come again", async () => {
    const file = dkReport(dkLine("4.5", { date: "2026-05-02" }), dkLine("0.5", { date: "2026-05-03" }));
    const first = await uploadReport(admin, file).expect(201);
    await admin.delete(`/api/royalty-imports/${first.body.id}`).expect(204);
    expect(await app.db.select().from(royaltyLines).where(eq(royaltyLines.importId, first.body.id))).toEqual([]);
    expect(await app.db.select().from(royaltyImports).where(eq(royaltyImports.id, first.body.id))).toEqual([]);
    await admin.delete(`/api/royalty-imports/${first.body.id}`).expect(404);
    const again = await uploadReport(admin, file).expect(201);
    expect(again.body).toMatchObject({ lines: 2, total: "5.00" });
  });

  it("refuses, in words, to remove an import a closed period counts", async () => {
    const res = await uploadReport(admin, dkReport(dkLine("8", { date: "2026-07-10" }))).expect(201);
    const period = await admin.post("/api/royalty-periods").send({ start: "2026-07-01", end: "2026-07-31" });
    expect(period.status).toBe(201);
    await admin.post(`/api/royalty-periods/${period.body.id}/close`).expect((r) => expect(r.status).toBeLessThan(300));
    const refused = await admin.delete(`/api/royalty-imports/${res.body.id}`).expect(409);
    expect(refused.body.message).toBe(
      "This import's lines are counted in the statements of the closed period July 1 – 31, 2026: it can no longer be removed",
    );
    expect(await app.db.select().from(royaltyLines).where(eq(royaltyLines.importId, res.body.id))).toHaveLength(1);
  });

  it("removes a failed import's row", async () => {
    await uploadReport(admin, dkReport(dkLine("abc", { date: "2026-08-01" }))).expect(400);
    const [failed] = await app.db.select().from(royaltyImports).where(eq(royaltyImports.status, "failed")).limit(1);
    await admin.delete(`/api/royalty-imports/${failed.id}`).expect(204);
  });

  it("removes an import still being read, whose lines then never land", async () => {
    const [row] = await app.db.insert(royaltyImports).values({ fileName: "slow.tsv" }).returning();
    const copy = await openLineCopy(app.database.pool, row.id);
    const cells = [row.id, "2026-09-01", "2026-08", "S", "US", "1", "QZSMP2600001", "\\N", "T", "A", "USD"];
    await copy.write(`${[...cells, "1", "1", "1", "\\N", "\\N"].join("\t")}\n`);
    await admin.delete(`/api/royalty-imports/${row.id}`).expect(204);
    const finished = { format: "distrokid", contentHash: "x".repeat(64), bytesRead: 1, lines: 1, matched: 0 };
    await expect(copy.finish({ ...finished, unmatched: 1, total: "1" })).rejects.toBeInstanceOf(ImportRemovedError);
    expect(await app.db.select().from(royaltyLines).where(eq(royaltyLines.importId, row.id))).toEqual([]);
  });

  it("keeps removal to administrators", async () => {
    const member = await app.signIn("listener@label.test");
    const [row] = await app.db.select().from(royaltyImports).limit(1);
    await member.delete(`/api/royalty-imports/${row.id}`).expect(403);
  });
});
