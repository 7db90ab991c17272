import { describe, expect, it } from "vitest";
import { formatDecimal, MicroSum } from "../../../lib/decimal";
import { copyText } from "./line-copy";
import { createLineReader, type ReportLine } from "./line-reader";
import { FORMATS, recognise } from "./report-formats";
import { sampleReport } from "./royalty-imports.test-support";
import { createCodeIndex } from "./tsv-bytes";
import { createTsvCopier } from "./tsv-copy";

const TRACKS = new Map([["QZSMP2600001", "track-1"]]);
const RELEASES = new Map([["198765432109", "release-1"]]);

/** The row the line reader's path writes (the service's rowOf for the label's currency). */
function slowRow(line: ReportLine, counts: { matched: number }, sum: MicroSum) {
  sum.add(line.amount);
  const trackId = line.isrc === null ? undefined : TRACKS.get(line.isrc);
  const releaseId = trackId || line.upc === null ? undefined : RELEASES.get(line.upc);
  if (trackId || releaseId) counts.matched++;
  const q = line.quantity === null ? "\\N" : String(line.quantity);
  return `imp\t${[line.reportedOn, copyText(line.saleMonth), copyText(line.store), copyText(line.country), q, copyText(line.isrc), copyText(line.upc), copyText(line.title), copyText(line.artist), line.currency, line.amount, "1", line.amount, trackId ?? "\\N", releaseId ?? "\\N"].join("\t")}\n`;
}

/** Both paths over the same lines: the fast one (falling back line by line) and the reader alone. */
function bothPaths(file: string) {
  const [header, ...lines] = file.split("\n");
  const recognised = recognise(header.split("\t"))!;
  const read = createLineReader(recognised);
  const slow = { counts: { lines: 0, matched: 0 }, sum: new MicroSum(), rows: "" };
  lines.forEach((text, i) => {
    const cut = text.replace(/\r$/, "");
    if (cut === "") return;
    slow.counts.lines++;
    slow.rows += slowRow(read(cut.split("\t"), i + 2), slow.counts, slow.sum);
  });
  const fast = { counts: { lines: 0, matched: 0 }, sum: new MicroSum(), rows: "" };
  let slowLines = 0;
  const copier = createTsvCopier({
    recognised,
    prefix: "imp\t",
    trackByIsrc: TRACKS,
    releaseByUpc: RELEASES,
    sum: fast.sum,
    sizes: new MicroSum(),
    counts: fast.counts,
    slowLine: (fields, line) => (slowLines++, slowRow(read(fields, line), fast.counts, fast.sum)),
  });
  const body = Buffer.from(lines.join("\n"));
  fast.rows = Buffer.concat(copier.convert(body, 0, body.length, 1).rows).toString();
  return { slow, fast, slowLines, total: (s: MicroSum) => formatDecimal(s.value()) };
}

describe("the TSV fast path", () => {
  it("writes exactly the rows, counts and sums the line reader's path writes", () => {
    for (const name of ["distrokid.tsv", "cdbaby.tsv", "distrokid-2024.tsv", "cdbaby-2024.tsv"]) {
      const { slow, fast, slowLines, total } = bothPaths(sampleReport(name).toString());
      expect(fast.rows).toBe(slow.rows);
      expect(fast.counts).toEqual(slow.counts);
      expect(total(fast.sum)).toBe(total(slow.sum));
      expect(slowLines).toBe(0);
    }
  });

  it("leaves awkward lines to the line reader and still writes the same rows", () => {
    const header = sampleReport("distrokid.tsv").toString().split("\n")[0];
    const line = (title: string, isrc: string, amount: string, extra = "") =>
      ["2026-02-07", "2025-12", "Spotify", "A", title, isrc, "", "7", "100", "Song", "US", "0", amount].join("\t") +
      extra;
    const file = [
      header,
      line("Back\\slash", "QZSMP2600001", "1.5"),
      line(" Padded ", "qz-smp-26-00001", "-0.000001"),
      line("Café", "QZSMP2600001", "0000123456789.5"),
      line("Plain", "", "0", "\r"),
      "",
      line("Cr\rinside", "QZSMP2600002", "2"),
    ].join("\n");
    const { slow, fast, slowLines, total } = bothPaths(file);
    expect(fast.rows).toBe(slow.rows);
    expect(fast.counts).toEqual({ lines: 5, matched: 3 });
    expect(total(fast.sum)).toBe(total(slow.sum));
    expect(slowLines).toBe(4);
  });

  it("sends a line with a NUL byte to the line reader, which ignores one in a column it does not read", () => {
    const header = sampleReport("distrokid.tsv").toString().split("\n")[0];
    const line = (team: string, title: string) =>
      ["2026-02-07", "2025-12", "S", "A", title, "QZSMP2600001", "", "1", team, "Song", "US", "0", "1.5"].join("\t");
    const { slow, fast, slowLines } = bothPaths([header, line("1\u00000", "T"), line("100", "T")].join("\n"));
    expect(fast.rows).toBe(slow.rows);
    expect(slowLines).toBe(1);
    expect(() => bothPaths([header, line("100", "T"), line("100", "T\u0000")].join("\n"))).toThrow(
      'Line 3, column "Title" holds a character that is not text (a NUL byte): is this the right file?',
    );
  });

  it("refuses a bad line through the line reader, with its number", () => {
    const header = sampleReport("distrokid.tsv").toString().split("\n")[0];
    const bad = ["2026-02-07", "2025-12", "S", "A", "T", "", "", "1", "100", "Song", "US", "0", "1.1234567"].join("\t");
    expect(() => bothPaths(`${header}\n${bad}\n`)).toThrow('Line 2, column "Earnings (USD)"');
  });

  it("is used for the TSV formats only", () => {
    expect(
      FORMATS.filter((f) => f.separator === "\t" && f.optional.currency === undefined).map((f) => f.format),
    ).toEqual(["distrokid", "cdbaby"]);
  });
});

describe("the TSV fast path's buffers", () => {
  it("keeps every line whole when the rows fill more than one slab", () => {
    const header = sampleReport("distrokid.tsv").toString().split("\n")[0];
    const long = "x".repeat(60 * 1024);
    const line = (title: string) =>
      ["2026-02-07", "2025-12", "Spotify", "A", title, "QZSMP2600001", "", "7", "100", "Song", "US", "0", "1"].join(
        "\t",
      );
    const lines = [header, ...Array.from({ length: 160 }, (_, i) => line(i % 3 === 0 ? `${long}é` : `${long}`))];
    const { slow, fast } = bothPaths(lines.join("\n"));
    expect(fast.rows.length).toBe(slow.rows.length);
    expect(fast.rows).toBe(slow.rows);
  });
});

describe("the catalogue's codes read by their bytes", () => {
  it("finds every code of a large catalogue, and nothing for a code it does not hold", () => {
    const codes = new Map(Array.from({ length: 5000 }, (_, i) => [`QZSMP26${String(i).padStart(5, "0")}`, `id-${i}`]));
    const find = createCodeIndex(codes);
    const line = Buffer.from("x\tQZSMP2604321\tQZSMP2699999\tQZSMP260432\ty");
    expect(find(line, 2, 14)?.toString()).toBe("id-4321");
    expect(find(line, 15, 27)).toBeUndefined();
    expect(find(line, 28, 39)).toBeUndefined();
    for (const [code, id] of codes) expect(find(Buffer.from(code), 0, code.length)?.toString()).toBe(id);
  });
});
