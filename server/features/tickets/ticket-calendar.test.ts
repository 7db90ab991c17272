import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { calendarEvents, icsProblems } from "../../test/ics";
import { insertEvent, SESSION_SECRET } from "./tickets.test-support";

// Card payments are not configured here: every order is confirmed at once, with its e-mail queued.
let app: TestApp;
let buyer: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { SESSION_SECRET, DEFAULT_TIME_ZONE: "America/Chicago" } });
  buyer = await app.signIn("calendar@fans.test", "Ada Lovelace");
});
afterAll(() => app?.close());

async function confirmationParams(orderId: string) {
  const [row] = await app.db
    .select({ params: outboxMessages.params })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, "ticket_purchase"), eq(outboxMessages.aboutId, orderId)));
  return row.params as Record<string, unknown>;
}

describe("a ticket's calendar invitation from My Tickets", () => {
  it("starts at the venue's wall time in the event's zone, with its VTIMEZONE, as strict iCalendar", async () => {
    const event = await insertEvent(app, { date: "2031-07-14", time: "19:30", timeZone: "America/Los_Angeles" });
    const { body: order } = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
    const res = await buyer.get(`/api/tickets/${order.id}/calendar.ics`).buffer(true).expect(200);
    expect(icsProblems(Buffer.from(res.text, "utf8"))).toEqual([]);
    expect(res.text).toContain("DTSTART;TZID=America/Los_Angeles:20310714T193000\r\n");
    expect(res.text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Los_Angeles\r\n/);
    const [entry] = await calendarEvents(res.text);
    // 19:30 in Los Angeles in July (UTC−7) is 02:30 UTC the next day.
    expect(entry.start.toISOString()).toBe("2031-07-15T02:30:00.000Z");
  });

  it("uses DEFAULT_TIME_ZONE for an event older than its time-zone column", async () => {
    const event = await insertEvent(app, { date: "2031-07-14", time: "19:30", timeZone: null });
    const { body: order } = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
    const res = await buyer.get(`/api/tickets/${order.id}/calendar.ics`).expect(200);
    expect(res.text).toContain("DTSTART;TZID=America/Chicago:20310714T193000\r\n");
  });
});

describe("the purchase's confirmation e-mail", () => {
  it("records the venue's zone for the invitation it attaches, the default for an event without one", async () => {
    const zoned = await insertEvent(app, { timeZone: "Europe/Lisbon" });
    const old = await insertEvent(app, { timeZone: null });
    const first = await buyer.post("/api/tickets").send({ eventId: zoned.id, quantity: 1 }).expect(201);
    const second = await buyer.post("/api/tickets").send({ eventId: old.id, quantity: 1 }).expect(201);
    expect(await confirmationParams(first.body.id)).toMatchObject({ timeZone: "Europe/Lisbon" });
    expect(await confirmationParams(second.body.id)).toMatchObject({ timeZone: "America/Chicago" });
  });
});
