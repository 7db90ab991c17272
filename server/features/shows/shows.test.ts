import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShowDetail, ShowSummary } from "@shared/shows";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { insertEvent, insertShow } from "./shows.test-support";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const get = (path: string) => app.agent().get(path);

describe("GET /api/shows and /api/shows/past", () => {
  it("lists upcoming shows soonest first by their real start, and past ones latest first", async () => {
    const artistName = "Lists Test";
    // By the real start: 23:00 in Tokyo, then 20:00 in London, then 19:00 in New York.
    const tokyo = await insertShow(app.db, { artistName, date: "2031-09-01", time: "23:00", timeZone: "Asia/Tokyo" });
    const newYork = await insertShow(app.db, { artistName, date: "2031-09-01", time: "19:00" });
    const london = await insertShow(app.db, {
      artistName,
      date: "2031-09-01",
      time: "20:00",
      timeZone: "Europe/London",
    });
    const older = await insertShow(app.db, { artistName, date: "2020-01-10", time: "20:00" });
    const oldest = await insertShow(app.db, { artistName, date: "2019-05-04", time: "20:00" });
    const tba = await insertShow(app.db, { artistName, date: "Spring 2032 (TBA)", time: "TBA" });

    const upcoming = (await get("/api/shows").expect(200)).body as ShowSummary[];
    const mine = upcoming.filter((show) => show.artistName === artistName).map((show) => show.id);
    expect(mine).toEqual([tokyo.id, london.id, newYork.id, tba.id]);
    expect(upcoming.find((show) => show.id === newYork.id)).toEqual({
      id: newYork.id,
      artistName,
      date: "2031-09-01",
      time: "19:00",
      location: "Riverside Amphitheater, New York",
      timeZone: "America/New_York",
      startsAt: "2031-09-01T19:00:00-04:00",
      past: false,
      eventId: null,
    } satisfies ShowSummary);
    expect(upcoming.find((show) => show.id === tba.id)).toMatchObject({ startsAt: null, past: false });

    const past = (await get("/api/shows/past").expect(200)).body as ShowSummary[];
    expect(past.filter((show) => show.artistName === artistName).map((show) => show.id)).toEqual([older.id, oldest.id]);
    expect(past.every((show) => show.past)).toBe(true);
    expect(upcoming.some((show) => show.id === older.id)).toBe(false);
  });

  it("fills a show's missing time zone with DEFAULT_TIME_ZONE (UTC here)", async () => {
    const show = await insertShow(app.db, { artistName: "No Zone", timeZone: null });
    const listed = ((await get("/api/shows")).body as ShowSummary[]).find((s) => s.id === show.id);
    expect(listed).toMatchObject({ timeZone: "UTC", startsAt: "2031-07-14T20:00:00+00:00" });
  });

  it("is a public read with the public lists' cache headers", async () => {
    const res = await get("/api/shows").expect(200);
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(res.headers["set-cookie"]).toBeUndefined();
    await get("/api/shows").set("If-None-Match", res.headers.etag).expect(304);
  });
});

describe("GET /api/shows/{id}", () => {
  it("answers the show with its tickets, vendor slots and the artist's other upcoming shows", async () => {
    const artistName = "Detail Test";
    const event = await insertEvent(app.db, { ticketPrice: "42.50", availableTickets: 7 });
    const show = await insertShow(app.db, { artistName, eventId: event.id, date: "2031-10-01" });
    await app.db
      .insert(tourDateVendorSlots)
      .values({ tourDateId: show.id, spotType: "premium", capacity: 3, taken: 3 });
    const later = [];
    for (let day = 2; day <= 8; day++) {
      later.push(await insertShow(app.db, { artistName, date: `2031-10-0${day}` }));
    }
    await insertShow(app.db, { artistName, date: "2020-10-01" });
    await insertShow(app.db, { artistName: "Someone Else", date: "2031-10-02" });

    const detail = (await get(`/api/shows/${show.id}`).expect(200)).body as ShowDetail;
    expect(detail).toMatchObject({ id: show.id, artistName, startsAt: "2031-10-01T20:00:00-04:00", past: false });
    expect(detail.tickets).toEqual({
      eventId: event.id,
      eventName: "Neon Nights",
      ticketPrice: "42.50",
      availableTickets: 7,
      status: "on-sale",
      imageUrl: "/demo/events/neon-nights.svg",
    });
    expect(detail.vendorSlots.map((slot) => [slot.spotType, slot.remaining, slot.soldOut])).toEqual([
      ["standard", 10, false],
      ["premium", 0, true],
      ["deluxe", 10, false],
    ]);
    expect(detail.moreByArtist.map((other) => other.id)).toEqual(later.slice(0, 5).map((other) => other.id));
  });

  it("gives a past show no vendor slots and no tickets when no event is linked", async () => {
    const show = await insertShow(app.db, { date: "2021-03-03" });
    const detail = (await get(`/api/shows/${show.id}`).expect(200)).body as ShowDetail;
    expect(detail).toMatchObject({ past: true, tickets: null, vendorSlots: [] });
  });

  it('answers 404 "Show not found" for an unknown or malformed id', async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "1%3Bdrop"]) {
      const res = await get(`/api/shows/${id}`).expect(404);
      expect(res.body).toEqual({ message: "Show not found" });
    }
  });
});
