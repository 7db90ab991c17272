import { describe, expect, it } from "vitest";
import { formatCount, formatReportAmount } from "./format";

describe("formatReportAmount", () => {
  it("keeps a report's sub-cent digits and groups the thousands", () => {
    expect(formatReportAmount("1234567.101812")).toBe("$1,234,567.101812");
  });

  it("drops trailing zeros past the cents but always shows cents", () => {
    expect(formatReportAmount("20.930000")).toBe("$20.93");
    expect(formatReportAmount("5")).toBe("$5.00");
    expect(formatReportAmount("-0.000412")).toBe("-$0.000412");
  });

  it("shows text that is no amount as it is", () => {
    expect(formatReportAmount("n/a")).toBe("n/a");
  });
});

describe("formatCount", () => {
  it("separates thousands", () => {
    expect(formatCount(12840)).toBe("12,840");
  });
});
