import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEventDate, formatEventTime } from "./events";

describe("formatEventDate", () => {
  const original = process.env.TZ;
  // West of UTC, new Date("2027-03-14") is the evening of the 13th: the off-by-one to avoid.
  beforeAll(() => {
    process.env.TZ = "America/Los_Angeles";
  });
  afterAll(() => {
    process.env.TZ = original;
  });

  it("shows the long weekday date of the calendar day, in any time zone", () => {
    expect(new Date("2027-03-14").getDate()).toBe(13);
    expect(formatEventDate("2027-03-14")).toBe("Sunday, March 14, 2027");
    expect(formatEventDate("2026-12-12")).toBe("Saturday, December 12, 2026");
  });

  it("shows anything that is not YYYY-MM-DD as entered", () => {
    expect(formatEventDate("TBA")).toBe("TBA");
  });
});

describe("formatEventTime", () => {
  it("shows 24-hour times on a 12-hour clock", () => {
    expect(formatEventTime("20:00")).toBe("8:00 PM");
    expect(formatEventTime("00:30")).toBe("12:30 AM");
    expect(formatEventTime("12:15")).toBe("12:15 PM");
    expect(formatEventTime("Doors 7pm")).toBe("Doors 7pm");
  });
});
