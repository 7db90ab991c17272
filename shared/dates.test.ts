import { describe, expect, it } from "vitest";
import { formatEventTime as formatTourTime, formatInstant, formatInstantDay, formatTourDay } from "./dates";

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

describe("formatInstant and formatInstantDay", () => {
  it("show an instant at the reader's local time, with the year only when it is not this year's", () => {
    const at = new Date(2031, 10, 25, 18, 2).toISOString();
    expect(formatInstant(at, new Date(2031, 0, 1))).toBe("Nov 25, 6:02 PM");
    expect(formatInstant(at, new Date(2032, 0, 1))).toBe("Nov 25, 2031, 6:02 PM");
    expect(formatInstantDay(at)).toBe("Nov 25, 2031");
  });

  it("leave text that is not an instant as it is", () => {
    expect(formatInstant("soon")).toBe("soon");
    expect(formatInstantDay("soon")).toBe("soon");
  });
});
