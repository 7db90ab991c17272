import { describe, expect, it } from "vitest";
import { formatDayRange } from "./dates";
import {
  calendarQuarter,
  formatDeduction,
  formatMoneyIn,
  formatPercent,
  formatReportAmount,
  formatSignedMoney,
  itemWithVariant,
  statementFileName,
} from "./formats";

describe("money in documents", () => {
  it("writes whole cents with the dollar sign, and a negative with a minus sign", () => {
    expect(formatSignedMoney("11.07")).toBe("$11.07");
    expect(formatSignedMoney("1234.5")).toBe("$1,234.50");
    expect(formatSignedMoney("-375.00")).toBe("−$375.00");
    expect(formatSignedMoney("0.00")).toBe("$0.00");
  });

  it("writes a deduction as taken off, nothing as $0.00, and a negative one as added", () => {
    expect(formatDeduction("1000.00")).toBe("−$1,000.00");
    expect(formatDeduction("0.00")).toBe("$0.00");
    expect(formatDeduction("-5.00")).toBe("+$5.00");
  });

  it("names another currency by its code", () => {
    expect(formatMoneyIn("1234.50", "USD")).toBe("$1,234.50");
    expect(formatMoneyIn("-1234.50", "eur")).toBe("−1,234.50 EUR");
  });

  it("keeps a report line's sub-cent digits, and at least cents", () => {
    expect(formatReportAmount("80.101812")).toBe("$80.101812");
    expect(formatReportAmount("20.930000")).toBe("$20.93");
    expect(formatReportAmount("1234.1")).toBe("$1,234.10");
    expect(formatReportAmount("-0.250000")).toBe("-$0.25");
    expect(formatReportAmount("n/a")).toBe("n/a");
  });
});

describe("formatPercent", () => {
  it("writes no space and no needless decimals", () => {
    expect(formatPercent("20")).toBe("20%");
    expect(formatPercent("20.000")).toBe("20%");
    expect(formatPercent("12.50")).toBe("12.5%");
    expect(formatPercent("8.875")).toBe("8.875%");
    expect(formatPercent("07.50")).toBe("7.5%");
    expect(formatPercent("0.00")).toBe("0%");
    expect(formatPercent("-0.0")).toBe("0%");
  });

  it("reads numbers to at most three decimals and shows other text as it is", () => {
    expect(formatPercent(12.5)).toBe("12.5%");
    expect(formatPercent(0.1 + 0.2)).toBe("0.3%");
    expect(formatPercent(100)).toBe("100%");
    expect(formatPercent("about ten")).toBe("about ten");
  });
});

describe("days in documents", () => {
  it("writes a period in words, the year once within a year and twice across one", () => {
    expect(formatDayRange("2026-01-01", "2026-03-31")).toBe("January 1 – March 31, 2026");
    expect(formatDayRange("2025-12-01", "2026-02-28")).toBe("December 1, 2025 – February 28, 2026");
  });
});

describe("itemWithVariant", () => {
  it("names the variant in words after the item, or the item alone", () => {
    expect(itemWithVariant("Tour Tee 2026", "L / Black")).toBe("Tour Tee 2026 — L / Black");
    expect(itemWithVariant("Tote Bag", "")).toBe("Tote Bag");
    expect(itemWithVariant("Tote Bag", undefined)).toBe("Tote Bag");
  });
});

describe("statement file names", () => {
  it("names a calendar quarter by its number", () => {
    expect(calendarQuarter("2026-01-01", "2026-03-31")).toBe("2026-q1");
    expect(calendarQuarter("2026-04-01", "2026-06-30")).toBe("2026-q2");
    expect(calendarQuarter("2024-10-01", "2024-12-31")).toBe("2024-q4");
    expect(calendarQuarter("2026-01-01", "2026-03-30")).toBeNull();
    expect(calendarQuarter("2026-02-01", "2026-04-30")).toBeNull();
    expect(calendarQuarter("2026-01-01", "2027-03-31")).toBeNull();
    expect(calendarQuarter("2026-01-01", "2026-01-31")).toBeNull();
  });

  it("slugs the payee's name and names the period", () => {
    const q1 = { payeeName: "Lee Park", periodStart: "2026-01-01", periodEnd: "2026-03-31" };
    expect(statementFileName(q1)).toBe("statement-lee-park-2026-q1.pdf");
    expect(statementFileName(q1, "csv")).toBe("statement-lee-park-2026-q1.csv");
    expect(statementFileName({ payeeName: "Sigur Rós", periodStart: "2026-01-01", periodEnd: "2026-02-15" })).toBe(
      "statement-sigur-ros-2026-01-01-to-2026-02-15.pdf",
    );
    expect(statementFileName({ ...q1, payeeName: "李小龍" })).toBe("statement-2026-q1.pdf");
  });
});
