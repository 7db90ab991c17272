// The layouts distributors export today (fixtures/README.md, "Newer layouts"), through the API on
// a real PostgreSQL: columns in any order among others, TuneCore's exchange columns kept,
// negative lines counted, and a line that is not UTF-8 refused by its number.
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyLines } from "@shared/royalties.table";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL } from "../../../test/payments";
import { insertRelease, sampleReport, uploadReport } from "./royalty-imports.test-support";

let app: TestApp;
let admin: Agent;

const lineCount = async () => (await app.db.select({ n: count() }).from(royaltyLines))[0].n;
const linesOf = (importId: string) =>
  app.db.select().from(royaltyLines).where(eq(royaltyLines.importId, importId)).orderBy(asc(royaltyLines.id));

/** A report's rows as cells (header first), so tests can move and add columns. */
const cellsOf = (name: string, separator = "\t") =>
  sampleReport(name)
    .toString()
    .split(/\r?\n/)
    .filter(Boolean)
    .map((row) => row.split(separator));
/** The same report with its columns in another order, given by the header's names. */
const reorder = (rows: string[][], order: string[]) =>
  rows.map((row) => order.map((name) => row[rows[0].indexOf(name)]));
const tsv = (rows: string[][]) => rows.map((row) => row.join("\t")).join("\n") + "\n";

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await app.signIn(ADMIN_EMAIL);
  await insertRelease(app, {
    upc: "036000291452",
    tracks: [
      { isrc: "QZSMP2600001", title: "First Light" },
      { isrc: "QZSMP2600002", title: "Second Wind" },
    ],
  });
});
afterAll(async () => {
  await app?.close();
});

describe("the layouts distributors export today", () => {
  it("imports DistroKid's 2024 layout, its added columns ignored", async () => {
    const res = await uploadReport(admin, sampleReport("distrokid-2024.tsv")).expect(201);
    expect(res.body).toMatchObject({ format: "distrokid", lines: 1, matched: 1, total: "0.15" });
    const [line] = await linesOf(res.body.id);
    expect(line).toMatchObject({
      reportedOn: "2026-02-08",
      saleMonth: "2025-12",
      store: "Spotify",
      amount: "0.150000",
    });
    expect(line).toMatchObject({ country: "US", quantity: 50, isrc: "QZSMP2600001", title: "First Light" });
  });

  it("imports CD Baby's 2024 layout: Partner Name, Delivery Country and Barcode for Partner, Country and Upc", async () => {
    const res = await uploadReport(admin, sampleReport("cdbaby-2024.tsv")).expect(201);
    expect(res.body).toMatchObject({ format: "cdbaby", lines: 1, matched: 1, total: "0.04" });
    const [line] = await linesOf(res.body.id);
    expect(line).toMatchObject({ reportedOn: "2026-02-16", saleMonth: "2026-01", store: "Spotify", country: "US" });
    expect(line).toMatchObject({ isrc: "QZSMP2600002", upc: "036000291452", title: "Second Wind", quantity: 10 });
  });

  it("imports TuneCore's 2024 layout, keeping the sale's currency and exchange rate on the line", async () => {
    const res = await uploadReport(admin, sampleReport("tunecore-2024.csv")).expect(201);
    expect(res.body).toMatchObject({ format: "tunecore", lines: 1, matched: 1, total: "0.35" });
    const [line] = await linesOf(res.body.id);
    expect(line).toMatchObject({ reportedOn: "2026-03-05", saleMonth: "2026-01", quantity: 100, currency: "USD" });
    expect(line).toMatchObject({ amount: "0.350000", rate: "1.0000000000", converted: "0.35" });
    expect(line).toMatchObject({ upc: "036000291452", netSalesCurrency: "USD", exchangeRate: "1.0000000000" });
  });

  it("reads Total Earned in the account's Currency, not in the sale's", async () => {
    const [header, row] = cellsOf("tunecore-2024.csv", ",");
    const cell = (name: string, value: string) => (row[header.indexOf(name)] = value);
    cell("Net Sales", "1.00");
    cell("Net Sales Currency", "JPY");
    cell("Exchange Rate", "0.0065");
    cell("Total Earned", "0.0065");
    cell("Currency", "EUR");
    const file = [header, row].map((r) => r.join(",")).join("\r\n") + "\r\n";
    const res = await uploadReport(admin, file, { rates: { EUR: "1.10" } }).expect(201);
    const [line] = await linesOf(res.body.id);
    expect(line).toMatchObject({ currency: "EUR", amount: "0.006500", rate: "1.1000000000", converted: "0.00715" });
    expect(line).toMatchObject({ netSalesCurrency: "JPY", exchangeRate: "0.0065000000" });
  });

  it("finds the columns a format needs wherever they stand", async () => {
    const rows = cellsOf("distrokid-2024.tsv");
    rows[1][rows[0].indexOf("Earnings (USD)")] = "2.5";
    const reversed = reorder(rows, [...rows[0]].reverse());
    const res = await uploadReport(admin, tsv(reversed)).expect(201);
    expect(res.body).toMatchObject({ format: "distrokid", lines: 1, matched: 1, total: "2.50" });
    const [line] = await linesOf(res.body.id);
    expect(line).toMatchObject({ reportedOn: "2026-02-08", store: "Spotify", country: "US", isrc: "QZSMP2600001" });
    expect(line).toMatchObject({ title: "First Light", artist: "Sample Artist", quantity: 50, amount: "2.500000" });
  });

  it("counts negative lines (refunds, corrections) like any other", async () => {
    const rows = cellsOf("distrokid-2024.tsv");
    const refund = [...rows[1]];
    refund[rows[0].indexOf("Earnings (USD)")] = "-0.250000";
    refund[rows[0].indexOf("Quantity")] = "-3";
    const correction = [...rows[1]];
    correction[rows[0].indexOf("Earnings (USD)")] = "-0.000001";
    const res = await uploadReport(admin, tsv([rows[0], refund, correction, rows[1]])).expect(201);
    expect(res.body).toMatchObject({ lines: 3, matched: 3, total: "-0.100001" });
    expect((await linesOf(res.body.id)).map((l) => [l.amount, l.converted, l.quantity])).toEqual([
      ["-0.250000", "-0.250000", -3],
      ["-0.000001", "-0.000001", 50],
      ["0.150000", "0.150000", 50],
    ]);

    const [header, row] = cellsOf("tunecore-2024.csv", ",");
    row[header.indexOf("Total Earned")] = "-0.35";
    row[header.indexOf("Posted Date")] = "2026-03-06";
    const csv = await uploadReport(admin, [header, row].map((r) => r.join(",")).join("\n")).expect(201);
    expect(csv.body).toMatchObject({ lines: 1, total: "-0.35" });
  });

  it("still names the expected columns for a header it does not know", async () => {
    const rows = cellsOf("cdbaby-2024.tsv");
    const withoutAmount = rows.map((row) => row.filter((_, i) => rows[0][i] !== "Subtotal"));
    const res = await uploadReport(admin, tsv(withoutAmount)).expect(400);
    expect(res.body.message).toContain("a CD Baby report has Report Date, Sales Date, Partner or Partner Name");
    expect(res.body.message).toContain("Upc or Barcode");
    expect(res.body.message).toContain("a TuneCore report has Posted Date");
    expect(res.body.message).toContain("Units Sold or # Units Sold");
    expect(res.body.message).toMatch(/Total Earned, Currency \(in any order, other columns aside\)\.$/);

    // TuneCore's amounts are in its Currency column: without it, the report is not TuneCore's.
    const [header, row] = cellsOf("tunecore-2024.csv", ",");
    const keep = header.map((name) => name !== "Currency");
    const noCurrency = [header, row].map((r) => r.filter((_, i) => keep[i]).join(",")).join("\n");
    await uploadReport(admin, noCurrency).expect(400);
  });

  it("refuses a line that is not UTF-8 by its number, adding nothing", async () => {
    const before = await lineCount();
    const rows = cellsOf("distrokid-2024.tsv");
    const good = tsv([rows[0], rows[1], rows[1]]).replace(/\n$/, "");
    // "Café" in Latin-1: é is the byte 0xE9, which UTF-8 never has alone.
    const latin1 = Buffer.from(good.replace("First Light", "Caf") + "\n");
    const at = latin1.indexOf("Caf") + 3;
    const file = Buffer.concat([latin1.subarray(0, at), Buffer.from([0xe9]), latin1.subarray(at)]);
    const res = await uploadReport(admin, file).expect(400);
    expect(res.body.message).toBe("Line 2 is not UTF-8 text: save the report as UTF-8 and upload it again");

    const [header, row] = cellsOf("tunecore-2024.csv", ",").map((r) => r.join(","));
    const csv = Buffer.concat([
      Buffer.from(`${header}\n${row}\n${row.replace("Spotify", "Deezer")}\n`),
      Buffer.from([0xff]),
    ]);
    const bad = await uploadReport(admin, Buffer.concat([csv, Buffer.from("\n")])).expect(400);
    expect(bad.body.message).toBe("Line 4 is not UTF-8 text: save the report as UTF-8 and upload it again");
    expect(await lineCount()).toBe(before);
  });
});
