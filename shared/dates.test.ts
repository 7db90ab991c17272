import { describe, expect, it } from "vitest";
import { formatEventTime as formatTourTime, formatTourDay } from "./dates";

describe("formatTourDay", () => {
  it("reads YYYY-MM-DD as that calendar day, whatever the time zone", () => {
    expect(formatTourDay("2026-05-02")).toBe("Sat, May 2, 2026");
    expect(formatTourDay("2027-01-01")).toBe("Fri, Jan 1, 2027");
  });

  it("leaves other text as it is", () => {
    expect(formatTourDay("TBA")).toBe("TBA");
  });
});

describe("formatTourTime", () => {
  it("shows a 24-hour time on the 12-hour clock", () => {
    expect(formatTourTime("00:05")).toBe("12:05 AM");
    expect(formatTourTime("11:59")).toBe("11:59 AM");
    expect(formatTourTime("12:00")).toBe("12:00 PM");
    expect(formatTourTime("20:30")).toBe("8:30 PM");
  });

  it("leaves other text as it is", () => {
    expect(formatTourTime("Doors at eight")).toBe("Doors at eight");
    expect(formatTourTime("25:00")).toBe("25:00");
  });
});
