import { describe, expect, it } from "vitest";
import { dayInZone, isPastShow, offsetMinutes, zonedStart } from "./zoned-time";

describe("zonedStart", () => {
  it("gives the instant and the venue's offset, in summer and in winter", () => {
    expect(zonedStart("2031-07-14", "20:00", "America/New_York")).toMatchObject({
      iso: "2031-07-14T20:00:00-04:00",
      timed: true,
    });
    expect(zonedStart("2031-07-14", "20:00", "America/New_York")!.instant.toISOString()).toBe(
      "2031-07-15T00:00:00.000Z",
    );
    expect(zonedStart("2031-01-14", "20:00", "America/New_York")!.iso).toBe("2031-01-14T20:00:00-05:00");
    expect(zonedStart("2031-01-14", "20:00", "Asia/Kolkata")!.iso).toBe("2031-01-14T20:00:00+05:30");
    expect(zonedStart("2031-01-14", "9:05", "UTC")!.iso).toBe("2031-01-14T09:05:00+00:00");
  });

  it("moves a wall time skipped by daylight saving forward, keeping the ISO text true", () => {
    const start = zonedStart("2031-03-09", "02:30", "America/New_York")!;
    expect(start.iso).toBe("2031-03-09T03:30:00-04:00");
    expect(start.instant.toISOString()).toBe("2031-03-09T07:30:00.000Z");
  });

  it("starts the day for a time that is not HH:MM, and gives up on free-text dates", () => {
    expect(zonedStart("2031-01-14", "Doors at dusk", "Europe/Berlin")).toMatchObject({
      iso: "2031-01-14T00:00:00+01:00",
      timed: false,
    });
    expect(zonedStart("Summer 2031", "20:00", "UTC")).toBeUndefined();
  });
});

describe("isPastShow", () => {
  const now = new Date("2031-07-15T02:00:00Z"); // still the 14th in New York, the 15th in Berlin
  it("keeps a show listed through its whole day at the venue", () => {
    expect(isPastShow("2031-07-14", "America/New_York", now)).toBe(false);
    expect(isPastShow("2031-07-14", "Europe/Berlin", now)).toBe(true);
    expect(isPastShow("2031-07-13", "America/New_York", now)).toBe(true);
  });
  it("never calls a free-text date past", () => {
    expect(isPastShow("TBA", "UTC", now)).toBe(false);
  });
  it("reads the day and offset in a zone", () => {
    expect(dayInZone(now, "Asia/Tokyo")).toBe("2031-07-15");
    expect(offsetMinutes(now, "Asia/Tokyo")).toBe(540);
  });
});

describe("zonedStart around a fall-back change", () => {
  it("takes the first of the two 01:30s, as calendars do", () => {
    const start = zonedStart("2031-11-02", "01:30", "America/New_York")!;
    expect(start.iso).toBe("2031-11-02T01:30:00-04:00");
    expect(start.instant.toISOString()).toBe("2031-11-02T05:30:00.000Z");
  });
});
