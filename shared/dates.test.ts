import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatDay,
  formatDayRange,
  formatDayTime,
  formatTime,
  isKnownTimeZone,
  localDate,
  localDateTime,
  parseLocalDate,
  utcDay,
  viewerTimeZone,
} from "./dates";
import { showHeadline } from "./show-headline";

const original = process.env.TZ;
// The reader sits west of UTC and away from every venue below, where a day read as UTC
// midnight falls on the evening before: the off-by-one these formatters must avoid.
beforeAll(() => {
  process.env.TZ = "America/Los_Angeles";
});
afterAll(() => {
  process.env.TZ = original;
});

describe("formatDay", () => {
  it("shows a calendar day as that day in every style, whatever the reader's zone", () => {
    expect(new Date("2027-03-14").getDate()).toBe(13);
    expect(formatDay("2027-03-14", null, "long")).toBe("Sunday, March 14, 2027");
    expect(formatDay("2026-12-12", "Pacific/Kiritimati", "long")).toBe("Saturday, December 12, 2026");
    expect(formatDay("2026-05-02", "America/New_York", "weekday")).toBe("Sat, May 2, 2026");
    expect(formatDay("2027-01-01", null, "weekday")).toBe("Fri, Jan 1, 2027");
    expect(formatDay("2031-07-14", null)).toBe("Jul 14, 2031");
    expect(formatDay(" 2031-07-14 ", null)).toBe("Jul 14, 2031");
  });

  it("shows an instant as the day it is in the zone asked for", () => {
    // 03:30 UTC on the 15th: still the 14th in New York and Los Angeles, the 15th in Tokyo.
    const at = "2031-07-15T03:30:00Z";
    expect(formatDay(at, "America/New_York")).toBe("Jul 14, 2031");
    expect(formatDay(at, "Asia/Tokyo")).toBe("Jul 15, 2031");
    expect(formatDay(at, "UTC", "long")).toBe("Tuesday, July 15, 2031");
    expect(formatDay(new Date(at), "Asia/Tokyo", "weekday")).toBe("Tue, Jul 15, 2031");
  });

  it("reads an instant in the reader's zone when the zone is missing or unknown", () => {
    expect(viewerTimeZone()).toBe("America/Los_Angeles");
    expect(formatDay("2031-07-15T03:30:00Z", viewerTimeZone())).toBe("Jul 14, 2031");
    expect(formatDay("2031-07-15T03:30:00Z", "Mars/Olympus_Mons")).toBe("Jul 14, 2031");
    expect(formatDay("2031-07-15T03:30:00Z", null)).toBe("Jul 14, 2031");
  });

  it("takes a wall time's day as entered at the venue", () => {
    expect(formatDay({ date: "2031-07-14", time: "23:30" }, "Asia/Tokyo", "weekday")).toBe("Mon, Jul 14, 2031");
  });

  it("names a month for a calendar's heading", () => {
    expect(formatDay(new Date(2026, 10, 1), viewerTimeZone(), "month-year")).toBe("November 2026");
    expect(formatDay(new Date(2026, 10, 1), viewerTimeZone(), "month")).toBe("November");
  });

  it("shows free text as entered, even text a Date would read", () => {
    expect(formatDay("TBA", null, "long")).toBe("TBA");
    expect(formatDay("May 2", "UTC")).toBe("May 2");
    expect(formatDay({ date: "Summer 2031", time: "20:00" }, "UTC", "weekday")).toBe("Summer 2031");
    expect(formatDay("2031-02-30x", "UTC")).toBe("2031-02-30x");
  });
});

describe("formatDayRange", () => {
  it("writes the year once when both days share it", () => {
    expect(formatDayRange("2026-01-01", "2026-03-31")).toBe("January 1 – March 31, 2026");
    expect(formatDay("2026-01-01", null, "date")).toBe("January 1, 2026");
  });

  it("writes both years when the span crosses one", () => {
    expect(formatDayRange("2025-12-01", "2026-01-31")).toBe("December 1, 2025 – January 31, 2026");
  });

  it("shows text that is no calendar day as it is", () => {
    expect(formatDayRange("soon", "2026-01-31")).toBe("soon – January 31, 2026");
  });
});

describe("formatTime", () => {
  it("shows a venue's clock with its zone's short name, in summer and in winter", () => {
    expect(formatTime({ date: "2031-07-14", time: "20:00" }, "America/New_York")).toBe("8:00 PM EDT");
    expect(formatTime({ date: "2031-01-14", time: "20:00" }, "America/New_York")).toBe("8:00 PM EST");
    expect(formatTime({ date: "2031-07-14", time: "09:05" }, "UTC")).toBe("9:05 AM UTC");
  });

  it("keeps the venue's clock for a reader in another zone", () => {
    // The reader is in Los Angeles (see beforeAll); the show is at 20:00 in Berlin.
    expect(formatTime({ date: "2031-07-14", time: "20:00" }, "Europe/Berlin")).toBe("8:00 PM GMT+2");
    expect(formatTime({ date: "2031-07-14", time: "20:00" }, "Europe/Berlin", { zoneName: false })).toBe("8:00 PM");
  });

  it("moves a time skipped by the spring change forward, as calendars do", () => {
    expect(formatTime({ date: "2031-03-09", time: "02:30" }, "America/New_York")).toBe("3:30 AM EDT");
    // Repeated in the autumn: the first of the two, still on summer time.
    expect(formatTime({ date: "2031-11-02", time: "01:30" }, "America/New_York")).toBe("1:30 AM EDT");
  });

  it("shows the clock alone without a day or a known zone to place it", () => {
    expect(formatTime("00:05", null)).toBe("12:05 AM");
    expect(formatTime("11:59", null)).toBe("11:59 AM");
    expect(formatTime("12:00", "America/New_York")).toBe("12:00 PM");
    expect(formatTime("20:30", null)).toBe("8:30 PM");
    expect(formatTime({ date: "TBA", time: "20:00" }, "America/New_York")).toBe("8:00 PM");
    expect(formatTime({ date: "2031-07-14", time: "20:00" }, null)).toBe("8:00 PM");
    expect(formatTime({ date: "2031-07-14", time: "20:00" }, "Mars/Olympus_Mons")).toBe("8:00 PM");
  });

  it("shows other text as entered", () => {
    expect(formatTime("Doors at eight", null)).toBe("Doors at eight");
    expect(formatTime("25:00", null)).toBe("25:00");
    expect(formatTime({ date: "2031-07-14", time: "Doors at dusk" }, "UTC")).toBe("Doors at dusk");
  });

  it("shows an instant in the zone asked for, naming it only when asked", () => {
    const at = "2031-07-15T03:30:00Z";
    expect(formatTime(at, "Asia/Tokyo")).toBe("12:30 PM");
    expect(formatTime(at, viewerTimeZone())).toBe("8:30 PM");
    expect(formatTime(at, "America/New_York", { zoneName: true })).toBe("11:30 PM EDT");
  });
});

describe("formatDayTime", () => {
  it("shows an instant's day and time in the reader's zone, with the year", () => {
    const at = "2031-11-26T02:02:00Z";
    expect(formatDayTime(at, viewerTimeZone())).toBe("Nov 25, 2031, 6:02 PM");
    expect(formatDayTime(at, "UTC")).toBe("Nov 26, 2031, 2:02 AM");
    expect(formatDayTime(at, "UTC", { zoneName: true })).toBe("Nov 26, 2031, 2:02 AM UTC");
  });

  it("leaves this year's year out when asked, judged in the zone shown", () => {
    const at = new Date(2031, 10, 25, 18, 2).toISOString();
    expect(formatDayTime(at, viewerTimeZone(), { year: "other-years", now: new Date(2031, 0, 1) })).toBe(
      "Nov 25, 6:02 PM",
    );
    expect(formatDayTime(at, viewerTimeZone(), { year: "other-years", now: new Date(2032, 0, 1) })).toBe(
      "Nov 25, 2031, 6:02 PM",
    );
    // New Year's Eve in Los Angeles is already next year in UTC.
    const eve = "2032-01-01T06:00:00Z";
    expect(formatDayTime(eve, viewerTimeZone(), { year: "other-years", now: new Date("2031-12-31T12:00:00Z") })).toBe(
      "Dec 31, 10:00 PM",
    );
    expect(formatDayTime(eve, "UTC", { year: "other-years", now: new Date("2031-12-31T12:00:00Z") })).toBe(
      "Jan 1, 2032, 6:00 AM",
    );
  });

  it("shows a venue's day and clock with its zone, in the words asked for", () => {
    const show = { date: "2031-07-14", time: "20:00" };
    expect(formatDayTime(show, "America/New_York")).toBe("Mon, Jul 14, 2031 · 8:00 PM EDT");
    expect(formatDayTime(show, "America/Chicago", { style: "long", join: " at " })).toBe(
      "Monday, July 14, 2031 at 8:00 PM CDT",
    );
    expect(formatDayTime({ date: "TBA", time: "Doors at dusk" }, "UTC")).toBe("TBA · Doors at dusk");
  });

  it("shows text that is no instant as it is", () => {
    expect(formatDayTime("soon", "UTC")).toBe("soon");
  });
});

describe("the helpers beside them", () => {
  it("knows which zones this runtime has", () => {
    expect(isKnownTimeZone("Europe/Berlin")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isKnownTimeZone(null)).toBe(false);
  });

  it("reads YYYY-MM-DD as a local calendar day", () => {
    expect(parseLocalDate("2027-03-14")?.getDate()).toBe(14);
    expect(parseLocalDate("TBA")).toBeNull();
  });

  it("writes the local calendar day, not UTC's, even late in the evening west of UTC", () => {
    // 23:30 in Los Angeles on March 14 is already March 15 in UTC.
    const lateEvening = new Date("2027-03-15T06:30:00Z");
    expect(localDate(lateEvening)).toBe("2027-03-14");
    expect(localDate(parseLocalDate("2027-01-05")!)).toBe("2027-01-05");
    expect(localDate()).toBe(localDate(new Date()));
  });

  it("writes a local day and clock as a datetime-local input's value", () => {
    expect(localDateTime(new Date("2027-03-15T06:05:00Z"))).toBe("2027-03-14T23:05");
  });
});

describe("showHeadline", () => {
  it("is the artist, the venue's day and the location, in any reader's zone", () => {
    const show = { artistName: "Nova Reign", date: "2031-07-14", location: "Pier 9, Boston" };
    expect(showHeadline(show)).toBe("Nova Reign — Jul 14, 2031 at Pier 9, Boston");
    expect(showHeadline({ ...show, date: "Summer tour" })).toBe("Nova Reign — Summer tour at Pier 9, Boston");
  });
});

describe("utcDay", () => {
  it("is the instant's day in UTC, whatever zone the runtime is in", () => {
    expect(utcDay(new Date("2027-03-14T23:30:00-05:00"))).toBe("2027-03-15");
    expect(utcDay(new Date("2027-03-15T00:30:00+02:00"))).toBe("2027-03-14");
    expect(utcDay("2027-01-01T00:00:00Z")).toBe("2027-01-01");
  });
});
