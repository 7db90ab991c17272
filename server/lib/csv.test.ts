import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV cells", () => {
  it("leaves plain text and numbers as they are, and null empty", () => {
    expect(csvCell("Marisol Vega")).toBe("Marisol Vega");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
  });

  it("quotes cells holding commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvCell("Vega, Marisol")).toBe('"Vega, Marisol"');
    expect(csvCell('The "Queen"')).toBe('"The ""Queen"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rhere")).toBe('"cr\rhere"');
  });

  it("turns text that a spreadsheet would run as a formula into plain text with a leading apostrophe", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}HYPERLINK("http://x")`).replace(/^"/, "")).toMatch(/^'/);
    }
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("a CSV file", () => {
  it("starts with a byte-order mark, then a header and rows joined by CRLF, ending in CRLF", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", 2],
          [null, "x,y"],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,2\r\n,"x,y"\r\n');
  });
});
