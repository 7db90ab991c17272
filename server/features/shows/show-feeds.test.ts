import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { insertEvent, insertShow } from "./shows.test-support";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function calendar(path: string) {
  const res = await app.agent().get(path).expect(200);
  expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
  const parsed = await ical.async.parseICS(res.text);
  const entries = Object.values(parsed).filter((item): item is VEvent => item?.type === "VEVENT");
  return { res, parsed, entries, byUid: (uid: string) => entries.find((entry) => entry.uid === uid) };
}

const uid = (id: string) => `show-${id}@127.0.0.1`;
/** node-ical gives a property with parameters (URL;VALUE=URI) as { params, val }. */
const valueOf = (property: unknown) =>
  typeof property === "object" && property !== null ? (property as { val: string }).val : property;

describe("GET /api/shows.ics", () => {
  it("has one entry per upcoming show at its real start, 3 hours long, with summary, place and links", async () => {
    const event = await insertEvent(app.db);
    const show = await insertShow(app.db, { artistName: "Feed Star", eventId: event.id });
    const past = await insertShow(app.db, { artistName: "Feed Star", date: "2020-02-02" });
    const { res, entries, byUid, parsed } = await calendar("/api/shows.ics");
    expect(res.headers["content-disposition"]).toBe('inline; filename="shows.ics"');
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=0/);
    expect(res.text).toContain("X-WR-CALNAME:Label Records shows");
    expect(parsed.vcalendar).toBeDefined();

    const entry = byUid(uid(show.id));
    expect(entry).toBeDefined();
    // The venue's wall time with its zone, and the zone's rules in the calendar itself.
    expect(res.text).toContain("DTSTART;TZID=America/New_York:20310714T200000");
    expect(res.text).toMatch(/BEGIN:VTIMEZONE\r?\nTZID:America\/New_York/);
    expect((entry!.start as { tz?: string }).tz).toBe("America/New_York");
    // 20:00 in New York in July is 00:00 UTC the next day.
    expect(entry!.start.toISOString()).toBe("2031-07-15T00:00:00.000Z");
    expect(entry!.end!.toISOString()).toBe("2031-07-15T03:00:00.000Z");
    expect(entry!.summary).toContain("Feed Star");
    expect(entry!.location).toBe("Riverside Amphitheater, New York");
    expect(valueOf(entry!.url)).toBe(`${app.baseUrl}/shows/${show.id}`);
    expect(entry!.description).toContain(`Tickets: ${app.baseUrl}/tickets`);
    expect(byUid(uid(past.id))).toBeUndefined();
    expect(new Set(entries.map((e) => e.uid)).size).toBe(entries.length);
  });

  it("makes a show without a clock time an all-day entry on its date, and leaves out free-text dates", async () => {
    const allDay = await insertShow(app.db, { date: "2031-11-20", time: "Doors at dusk", timeZone: "Europe/Berlin" });
    const freeText = await insertShow(app.db, { date: "Summer 2032", time: "TBA" });
    const { byUid, res } = await calendar("/api/shows.ics");
    const entry = byUid(uid(allDay.id))!;
    expect(entry.datetype).toBe("date");
    expect(res.text).toContain("DTSTART;VALUE=DATE:20311120");
    expect(entry.description).toContain("Time: Doors at dusk");
    expect(entry.description).not.toContain("Tickets:");
    expect(byUid(uid(freeText.id))).toBeUndefined();
  });
});

describe("GET /api/shows/{id}.ics", () => {
  it("has the one show, past or not", async () => {
    const show = await insertShow(app.db, {
      artistName: "Single",
      date: "2031-03-30",
      time: "02:30",
      timeZone: "Europe/Berlin",
    });
    const { res, entries } = await calendar(`/api/shows/${show.id}.ics`);
    expect(res.headers["content-disposition"]).toBe(`inline; filename="show-${show.id}.ics"`);
    expect(entries).toHaveLength(1);
    expect(entries[0].uid).toBe(uid(show.id));
    // 02:30 does not exist in Berlin that night (clocks jump to 03:00): it moves forward by the gap, to 03:30 there.
    expect(entries[0].start.toISOString()).toBe("2031-03-30T01:30:00.000Z");
    expect(entries[0].summary).toBe("Single live at Riverside Amphitheater, New York");

    const past = await insertShow(app.db, { date: "2020-06-06" });
    expect((await calendar(`/api/shows/${past.id}.ics`)).entries).toHaveLength(1);
  });

  it("answers 404 with the reason, not an empty calendar, for a show whose date is free text", async () => {
    const freeText = await insertShow(app.db, { date: "Summer 2032", time: "TBA" });
    const res = await app.agent().get(`/api/shows/${freeText.id}.ics`).expect(404);
    expect(res.body).toEqual({ message: "This show has no date a calendar can hold yet" });
  });

  it('answers 404 "Show not found" for an unknown or malformed id', async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await app.agent().get(`/api/shows/${id}.ics`).expect(404);
      expect(res.body).toEqual({ message: "Show not found" });
    }
  });
});
