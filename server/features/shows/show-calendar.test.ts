import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ShowSummary } from "@shared/shows";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { calendarEvents, icsProblems } from "../../test/ics";
import { renderShowsCalendar } from "./show-calendar";
import { insertShow } from "./shows.test-support";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const serverZone = process.env.TZ;
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe("the show feeds as strict iCalendar", () => {
  it("end every line with CRLF, the last one too, and name only zones they describe", async () => {
    const show = await insertShow(app.db, { artistName: "Strict Feed", timeZone: "Europe/Berlin" });
    await insertShow(app.db, { artistName: "All Day", time: "Doors at dusk", timeZone: "Asia/Tokyo" });
    for (const path of ["/api/shows.ics", `/api/shows/${show.id}.ics`]) {
      const res = await app.agent().get(path).buffer(true).expect(200);
      const body = Buffer.from(res.text, "utf8");
      expect(icsProblems(body)).toEqual([]);
      expect(res.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
      expect(await calendarEvents(res.text)).not.toHaveLength(0);
    }
  });
});

describe("a show's calendar entry", () => {
  it("is the venue's wall time whatever zone the server runs in", async () => {
    // 02:30 on March 30, 2031 does not exist in Berlin (its clocks jump to 03:30); in New York it does.
    process.env.TZ = "Europe/Berlin";
    const show: ShowSummary = {
      id: "6f1c2a4e-0d7b-4c1e-9a51-0c3f4d2b8e71",
      artistName: "Late Set",
      date: "2031-03-30",
      time: "02:30",
      location: "Nightclub, New York",
      timeZone: "America/New_York",
      startsAt: "2031-03-30T02:30:00-04:00",
      past: false,
      eventId: null,
    };
    const ics = renderShowsCalendar([show], { appUrl: "https://label.example", labelName: "Label Records" });
    expect(icsProblems(ics)).toEqual([]);
    expect(ics).toContain("DTSTART;TZID=America/New_York:20310330T023000\r\n");
    expect(ics).toContain("DTEND;TZID=America/New_York:20310330T053000\r\n");
    const [entry] = await calendarEvents(ics);
    expect(entry.start.toISOString()).toBe("2031-03-30T06:30:00.000Z");
  });
});
