import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Event, EventRow } from "@shared/events";
import { dayInZone } from "@shared/zoned-time";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { createTestDatabase } from "../../test/database";
import { eventRow, insertEvent } from "../tickets/tickets.test-support";
import { listExpiresAt } from "./events.service";

// Pago Pago is UTC−11 and Kiritimati UTC+14 all year, 25 hours apart: at every moment
// Kiritimati's date is one or two days after Pago Pago's. The database runs in Kiritimati's zone,
// so its `current_date` has always moved past a show tonight in Pago Pago, while a show in
// Kiritimati yesterday may still be today in UTC. Only the venue's own day gets both right.
const WEST = "Pacific/Pago_Pago";
const EAST = "Pacific/Kiritimati";

let app: TestApp;
let buyer: Agent;
beforeAll(async () => {
  const database = await createTestDatabase({ timeZone: EAST });
  app = await startTestApp({ database });
  buyer = await app.signIn("venue-day@fans.test");
});
afterAll(() => app?.close());

/** "YYYY-MM-DD" `days` after today at the venue. */
function venueDay(timeZone: string, days = 0): string {
  const today = dayInZone(new Date(), timeZone);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe("ticket sales", () => {
  it("stay open through the show's whole day at its venue, whatever day the database is on", async () => {
    const event = await insertEvent(app, { date: venueDay(WEST), time: "23:00", timeZone: WEST });
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    expect(res.body.status).toBe("confirmed");
    expect((await eventRow(app, event.id)).availableTickets).toBe(18);
  });

  it("close once the show's day has ended at its venue, with the clear refusal and nothing taken", async () => {
    const event = await insertEvent(app, { date: venueDay(EAST, -1), time: "20:00", timeZone: EAST });
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(409);
    expect(res.body.message).toBe("This event has already taken place");
    expect((await eventRow(app, event.id)).availableTickets).toBe(20);
  });

  it("judge an event older than its time-zone column by DEFAULT_TIME_ZONE (UTC here)", async () => {
    const today = await insertEvent(app, { date: venueDay("UTC"), timeZone: null });
    const yesterday = await insertEvent(app, { date: venueDay("UTC", -1), timeZone: null });
    await buyer.post("/api/tickets").send({ eventId: today.id, quantity: 1 }).expect(201);
    await buyer.post("/api/tickets").send({ eventId: yesterday.id, quantity: 1 }).expect(409);
  });
});

describe("the members' events list", () => {
  it("keeps a show among the upcoming ones through its day at the venue, and moves it once that day ended", async () => {
    const tonight = await insertEvent(app, { name: "Tonight in Pago Pago", date: venueDay(WEST), timeZone: WEST });
    const ended = await insertEvent(app, {
      name: "Last night in Kiritimati",
      date: venueDay(EAST, -1),
      timeZone: EAST,
    });
    const later = await insertEvent(app, { name: "Later", date: venueDay(WEST, 30), timeZone: WEST });
    const names = ((await buyer.get("/api/events").expect(200)).body as Event[]).map((e) => e.name);
    const upcoming = names.slice(0, names.indexOf(later.name) + 1);
    expect(upcoming).toContain(tonight.name);
    expect(upcoming).not.toContain(ended.name);
    expect(names.indexOf(ended.name)).toBeGreaterThan(names.indexOf(later.name));
  });
});

describe("the events list's cached copy", () => {
  const event = (values: Partial<EventRow>): EventRow =>
    ({ status: "on-sale", date: "2031-07-14", timeZone: "America/New_York", ...values }) as EventRow;

  it("stops being served when the first show still to come ends its day at its venue", () => {
    const now = new Date("2031-07-14T12:00:00Z");
    const expires = listExpiresAt(
      [
        event({ date: "2031-07-20" }),
        // Midnight in New York (UTC−4 in July) is 04:00 UTC.
        event({ date: "2031-07-14" }),
        // Ended already in Tokyo; cancelled and completed ones never move.
        event({ date: "2031-07-13", timeZone: "Asia/Tokyo" }),
        event({ date: "2031-07-14", timeZone: "Asia/Tokyo", status: "cancelled" }),
        event({ date: "2031-07-14", timeZone: "Asia/Tokyo", status: "completed" }),
      ],
      "UTC",
      now,
    );
    expect(new Date(expires!).toISOString()).toBe("2031-07-15T04:00:00.000Z");
  });

  it("uses the default zone for an event without one, and never expires with nothing still to come", () => {
    const now = new Date("2031-07-14T12:00:00Z");
    expect(new Date(listExpiresAt([event({ timeZone: null })], "Asia/Tokyo", now)!).toISOString()).toBe(
      "2031-07-14T15:00:00.000Z",
    );
    expect(listExpiresAt([event({ date: "2031-07-01" })], "UTC", now)).toBeUndefined();
  });
});
