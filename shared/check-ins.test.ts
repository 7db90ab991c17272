import { describe, expect, it } from "vitest";
import { doorDays } from "./check-ins";

describe("the days a door admits", () => {
  it("is the venue's today, judged in its own zone, not the server's", () => {
    const now = new Date("2030-03-15T20:00:00Z");
    expect(doorDays("Europe/Berlin", now)).toEqual(["2030-03-15"]);
    expect(doorDays("Pacific/Kiritimati", now)).toEqual(["2030-03-16"]);
    expect(doorDays("America/New_York", now)).toEqual(["2030-03-15"]);
  });

  it("keeps yesterday's show open until six in the morning at the venue", () => {
    // 01:30 and 05:59 in New York (UTC-4 on March 15, 2030), then 06:00.
    expect(doorDays("America/New_York", new Date("2030-03-15T05:30:00Z"))).toEqual(["2030-03-15", "2030-03-14"]);
    expect(doorDays("America/New_York", new Date("2030-03-15T09:59:00Z"))).toEqual(["2030-03-15", "2030-03-14"]);
    expect(doorDays("America/New_York", new Date("2030-03-15T10:00:00Z"))).toEqual(["2030-03-15"]);
  });
});
