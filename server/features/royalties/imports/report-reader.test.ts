import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { ReportLine } from "./line-reader";
import { readReport } from "./report-reader";

const FIXTURES = path.join(import.meta.dirname, "fixtures");

/** Reads a report in chunks of `size` bytes, so lines and characters are cut across chunks. */
async function read(bytes: Buffer, size = 7) {
  const chunks = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  let format = "";
  const lines: ReportLine[] = [];
  await readReport(Readable.from(chunks), {
    onFormat: ({ spec }) => void (format = spec.format),
    onLines: (batch) => void lines.push(...batch),
  });
  return { format, lines };
}
const sample = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

describe("reading distributors' reports", () => {
  it("reads DistroKid's TSV with its amounts exactly as written", async () => {
    const { format, lines } = await read(sample("distrokid.tsv"));
    expect(format).toBe("distrokid");
    expect(lines).toHaveLength(5);
    expect(lines[0]).toEqual({
      reportedOn: "2026-02-07",
      saleMonth: "2025-12",
      store: "Spotify",
      country: "US",
      quantity: 12840,
      isrc: "QZSMP2600001",
      upc: null,
      title: "First Light",
      artist: "Sample Artist",
      currency: "USD",
      amount: "41.237800",
    });
    expect(lines[2]).toMatchObject({ isrc: null, upc: "198765432109", title: "First Light (Album)" });
    expect(lines[4]).toMatchObject({ amount: "0.000412", store: "YouTube (Ads)", country: "BR" });
  });

  it("reads CD Baby's TSV with its US dates", async () => {
    const { format, lines } = await read(sample("cdbaby.tsv"), 3);
    expect(format).toBe("cdbaby");
    expect(lines.map((l) => [l.reportedOn, l.saleMonth, l.amount, l.isrc, l.upc, l.currency])).toEqual([
      ["2026-02-15", "2026-01", "14.112000", "QZSMP2600001", "198765432109", "USD"],
      ["2026-02-15", "2026-01", "0.404000", "QZSMP2600002", "198765432109", "USD"],
    ]);
    expect(lines[1]).toMatchObject({ store: "Amazon Music", country: "CA", title: "Second Wind", quantity: 101 });
  });

  it("reads TuneCore's CSV with quoted fields and its currencies", async () => {
    const { format, lines } = await read(sample("tunecore.csv"), 5);
    expect(format).toBe("tunecore");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reportedOn: "2026-03-04", currency: "EUR", amount: "9.87", country: "FR" });
    expect(lines[1]).toMatchObject({
      country: "Korea, Republic of",
      title: "Second Wind, Pt. 2",
      currency: "USD",
      amount: "0.21",
      quantity: 77,
    });
  });

  it("normalises hyphenated and lower-case codes, and reads CRLF lines and a BOM", async () => {
    const header = "\uFEFF" + sample("distrokid.tsv").toString().split("\n")[0];
    const line = "2026-02-07\t2025-12\tSpotify\tA\tT\tqz-smp-26-00009\t 1987-6543-2109\t1\t100\tSong\tUS\t0\t1.5";
    const { lines } = await read(Buffer.from(`${header}\r\n${line}\r\n`));
    expect(lines[0]).toMatchObject({ isrc: "QZSMP2600009", upc: "198765432109", amount: "1.5" });
  });

  it("names the line and column of a malformed line", async () => {
    const [header, first] = sample("distrokid.tsv").toString().split("\n");
    const bad = (cells: (fields: string[]) => void) => {
      const fields = first.split("\t");
      cells(fields);
      return Buffer.from([header, first, fields.join("\t")].join("\n"));
    };
    await expect(read(bad((f) => (f[12] = "1.0000001")))).rejects.toThrow(
      'Line 3, column "Earnings (USD)": "1.0000001" is not an amount with at most 6 decimals',
    );
    await expect(read(bad((f) => (f[12] = "abc")))).rejects.toThrow(/Line 3, column "Earnings \(USD\)"/);
    await expect(read(bad((f) => (f[0] = "2026-02-30")))).rejects.toThrow(
      'Line 3, column "Reporting Date": "2026-02-30" is not a date (YYYY-MM-DD) from 1900 to 9999',
    );
  });

  it("reads UTF-8 cut between chunks, and refuses a line that is not UTF-8 or longer than 64 KB", async () => {
    const [header, first] = sample("distrokid.tsv").toString().split("\n");
    const cafe = Buffer.from(`${header}\n${first.replace("First Light", "Café ☕")}\n`);
    for (const size of [1, 2, 3]) expect((await read(cafe, size)).lines[0].title).toBe("Café ☕");
    const at = cafe.indexOf("Caf") + 3;
    const latin1 = Buffer.concat([cafe.subarray(0, at), Buffer.from([0xe9]), cafe.subarray(at + 2)]);
    await expect(read(latin1, 5)).rejects.toThrow("Line 2 is not UTF-8 text");
    const badHeader = Buffer.concat([Buffer.from([0xff]), cafe]);
    await expect(read(badHeader, 5)).rejects.toThrow("Line 1 is not UTF-8 text");
    const long = Buffer.from(`${header}\n${first}\n${first}${"x".repeat(70 * 1024)}\n`);
    for (const size of [7, 4096, 1 << 20])
      await expect(read(long, size)).rejects.toThrow("Line 3 is longer than 64 KB");
  });

  it("names each format's columns for a header it does not know", async () => {
    const error = await read(Buffer.from("Date,Song,Money\n2026-01-01,x,1\n")).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/DistroKid report has Reporting Date, Sale Month/);
    expect((error as Error).message).toMatch(/CD Baby report has Report Date/);
    expect((error as Error).message).toMatch(/TuneCore report has Posted Date/);
  });
});
