import ical from "ical-generator";
import { afterEach, describe, expect, it } from "vitest";
import { calendarEvents, icsProblems } from "../test/ics";
import { renderTicketCalendar } from "./ticket-calendar";
import type { TicketDocument } from "./ticket-document";

const ticket = (values: Partial<TicketDocument> = {}): TicketDocument => ({
  purchaseId: "6f1c2a4e-0d7b-4c1e-9a51-0c3f4d2b8e71",
  eventName: "Neon Nights",
  artist: "Marisol Vega",
  date: "2031-03-14",
  time: "20:00",
  venue: "Warehouse 9, Brooklyn",
  timeZone: "America/New_York",
  holderName: "Ada Lovelace",
  quantity: 2,
  confirmationCode: "K7QX2M9PLA",
  tickets: [
    { position: 1, code: "K7QX2M9PLA-1", token: "token-1" },
    { position: 2, code: "K7QX2M9PLA-2", token: "token-2" },
  ],
  ...values,
});

const serverZone = process.env.TZ;
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe("the strict iCalendar check the tests rely on", () => {
  it("refuses a calendar whose last line has no CRLF, as ical-generator writes it", () => {
    const raw = ical({ prodId: "//label-records//test//EN" }).toString();
    expect(icsProblems(raw)).toContain("the last line does not end with CRLF");
    expect(icsProblems(`${raw}\r\n`)).toEqual([]);
  });
});

describe("a ticket's calendar invitation", () => {
  it("starts at the venue's wall time with its zone and carries that zone's VTIMEZONE", async () => {
    const ics = renderTicketCalendar(ticket());
    expect(icsProblems(ics)).toEqual([]);
    expect(ics).toContain("DTSTART;TZID=America/New_York:20310314T200000\r\n");
    expect(ics).toContain("DTEND;TZID=America/New_York:20310314T230000\r\n");
    expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n/);
    const [entry] = await calendarEvents(ics);
    // 20:00 in New York on March 14, 2031 (daylight time since March 9) is 00:00 UTC the next day.
    expect(entry.start.toISOString()).toBe("2031-03-15T00:00:00.000Z");
    expect(entry.end!.toISOString()).toBe("2031-03-15T03:00:00.000Z");
    expect(entry).toMatchObject({
      uid: "ticket-6f1c2a4e-0d7b-4c1e-9a51-0c3f4d2b8e71@label-records",
      summary: "Neon Nights — Marisol Vega",
      location: "Warehouse 9, Brooklyn",
    });
  });

  it("writes the venue's wall time whatever zone the server runs in", async () => {
    // 02:30 on March 30, 2031 does not exist in Berlin (its clocks jump to 03:30); in New York it does.
    process.env.TZ = "Europe/Berlin";
    const ics = renderTicketCalendar(ticket({ date: "2031-03-30", time: "02:30" }));
    expect(icsProblems(ics)).toEqual([]);
    expect(ics).toContain("DTSTART;TZID=America/New_York:20310330T023000\r\n");
    expect(ics).toContain("DTEND;TZID=America/New_York:20310330T053000\r\n");
    const [entry] = await calendarEvents(ics);
    expect(entry.start.toISOString()).toBe("2031-03-30T06:30:00.000Z");
  });

  it("is an all-day entry with the time in its description when the time is not HH:MM", async () => {
    const ics = renderTicketCalendar(ticket({ time: "Doors at dusk" }));
    expect(icsProblems(ics)).toEqual([]);
    expect(ics).toContain("DTSTART;VALUE=DATE:20310314\r\n");
    const [entry] = await calendarEvents(ics);
    expect(entry.datetype).toBe("date");
    expect(entry.description).toContain("Time: Doors at dusk");
  });

  it("keeps floating times for a message queued before tickets recorded the venue's zone", async () => {
    const ics = renderTicketCalendar(ticket({ timeZone: undefined }));
    expect(icsProblems(ics)).toEqual([]);
    expect(ics).toContain("DTSTART:20310314T200000\r\n");
    expect(ics).not.toContain("VTIMEZONE");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const ics = renderTicketCalendar(
      ticket({ eventName: "Ünïcödé Nights 🎸".repeat(8), venue: "Sala Ñandú — 東京 ".repeat(6) }),
    );
    expect(icsProblems(ics)).toEqual([]);
  });
});
