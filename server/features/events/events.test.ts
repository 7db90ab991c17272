import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Event, EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";

let app: TestApp;
let admin: Agent;
let member: Agent;

function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

const validEvent = () => ({
  name: "Neon Nights",
  artist: "Nova Reign",
  venue: "Riverside Amphitheater",
  date: daysFromToday(30),
  time: "20:00",
  totalTickets: 100,
  ticketPrice: "65.00",
  status: "on-sale",
});

async function insertEvent(values: Partial<typeof events.$inferInsert> = {}): Promise<EventRow> {
  const [row] = await app.db
    .insert(events)
    .values({ ...validEvent(), availableTickets: 100, ...values })
    .returning();
  return row;
}

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: "admin@x.test", DEFAULT_TIME_ZONE: "America/Denver" } });
  admin = await app.signIn("admin@x.test", "Admin");
  member = await app.signIn("member@x.test", "Member");
});
afterAll(async () => {
  await app?.close();
});

describe("GET /api/events", () => {
  it("refuses anonymous visitors with 401", async () => {
    await app.agent().get("/api/events").expect(401);
  });

  it("lists upcoming events first by date and time, then past, completed and cancelled ones", async () => {
    await app.db.delete(events);
    const later = await insertEvent({ name: "Later", date: daysFromToday(20), time: "19:00" });
    const soonLate = await insertEvent({ name: "Soon late", date: daysFromToday(5), time: "21:00" });
    const soonEarly = await insertEvent({ name: "Soon early", date: daysFromToday(5), time: "18:30" });
    const soldOut = await insertEvent({
      name: "Sold out",
      date: daysFromToday(10),
      status: "sold-out",
      availableTickets: 0,
    });
    const past = await insertEvent({ name: "Past", date: daysFromToday(-3) });
    const cancelled = await insertEvent({ name: "Cancelled", date: daysFromToday(2), status: "cancelled" });
    const completed = await insertEvent({ name: "Completed", date: daysFromToday(-30), status: "completed" });

    const res = await member.get("/api/events").expect(200);
    const names = (res.body as Event[]).map((e) => e.name);
    expect(names.slice(0, 4)).toEqual([soonEarly.name, soonLate.name, soldOut.name, later.name]);
    expect(names.slice(4).sort()).toEqual([past.name, cancelled.name, completed.name].sort());
    expect(res.body[0]).toMatchObject({ ticketPrice: "65.00", availableTickets: 100, totalTickets: 100 });
  });
});

describe("managing events", () => {
  it("lets an admin create an event with all tickets available by default (201)", async () => {
    const res = await admin.post("/api/events").send(validEvent()).expect(201);
    expect(res.body).toMatchObject({
      name: "Neon Nights",
      totalTickets: 100,
      availableTickets: 100,
      ticketPrice: "65.00",
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("defaults the status to upcoming and normalises the price to two decimals", async () => {
    const { status: _status, ...body } = validEvent();
    const res = await admin
      .post("/api/events")
      .send({ ...body, ticketPrice: "12.5" })
      .expect(201);
    expect(res.body).toMatchObject({ status: "upcoming", ticketPrice: "12.50" });
  });

  it("refuses more available than total tickets, negative numbers and missing fields with 400", async () => {
    const tooMany = await admin
      .post("/api/events")
      .send({ ...validEvent(), availableTickets: 101 })
      .expect(400);
    expect(tooMany.body.message).toBe("Available tickets cannot exceed total tickets");
    const negative = await admin
      .post("/api/events")
      .send({ ...validEvent(), totalTickets: -1 })
      .expect(400);
    expect(negative.body.fieldErrors).toHaveProperty("totalTickets");
    const missing = await admin.post("/api/events").send({ name: "x" }).expect(400);
    expect(Object.keys(missing.body.fieldErrors)).toEqual(expect.arrayContaining(["artist", "venue", "date", "time"]));
    await admin
      .post("/api/events")
      .send({ ...validEvent(), ticketPrice: "-5" })
      .expect(400);
    await admin
      .post("/api/events")
      .send({ ...validEvent(), status: "party" })
      .expect(400);
  });

  it("refuses writes from signed-out visitors (401) and members (403)", async () => {
    const event = await insertEvent();
    await app.agent().post("/api/events").send(validEvent()).expect(401);
    const forbidden = await member.post("/api/events").send(validEvent()).expect(403);
    expect(forbidden.body.message).toBe("Administrator access required");
    await member.patch(`/api/events/${event.id}`).send({ name: "Mine" }).expect(403);
    await member.delete(`/api/events/${event.id}`).expect(403);
    await app.agent().delete(`/api/events/${event.id}`).expect(401);
    const [still] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(still.name).toBe("Neon Nights");
  });

  it("answers 404 for unknown and malformed ids", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const res = await admin.patch(`/api/events/${unknown}`).send({ name: "x" }).expect(404);
    expect(res.body.message).toBe("Event not found");
    await admin.delete(`/api/events/${unknown}`).expect(404);
    await admin.patch("/api/events/not-a-uuid").send({ name: "x" }).expect(404);
  });

  it("updates given fields only (200)", async () => {
    const event = await insertEvent();
    const res = await admin.patch(`/api/events/${event.id}`).send({ venue: "Harborview Arena" }).expect(200);
    expect(res.body).toMatchObject({ venue: "Harborview Arena", name: "Neon Nights", availableTickets: 100 });
  });

  it("moves available tickets with the total, keeping sold tickets sold", async () => {
    const event = await insertEvent({ totalTickets: 100, availableTickets: 60 });
    const up = await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 150 }).expect(200);
    expect(up.body).toMatchObject({ totalTickets: 150, availableTickets: 110 });
    const down = await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 40 }).expect(200);
    expect(down.body).toMatchObject({ totalTickets: 40, availableTickets: 0, status: "sold-out" });
  });

  it("refuses a total below the tickets already sold with 409 and changes nothing", async () => {
    const event = await insertEvent({ totalTickets: 100, availableTickets: 75 });
    const res = await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 24 }).expect(409);
    expect(res.body.message).toBe("Total tickets cannot be lower than the 25 tickets already sold");
    const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ totalTickets: 100, availableTickets: 75 });
  });

  it("refuses an available count above the total with 400", async () => {
    const event = await insertEvent({ totalTickets: 100, availableTickets: 75 });
    await admin.patch(`/api/events/${event.id}`).send({ availableTickets: 101 }).expect(400);
    await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 50, availableTickets: 60 }).expect(400);
    await admin.patch(`/api/events/${event.id}`).send({ availableTickets: -1 }).expect(400);
    const ok = await admin.patch(`/api/events/${event.id}`).send({ availableTickets: 80 }).expect(200);
    expect(ok.body.availableTickets).toBe(80);
  });

  it("refuses more available tickets than the held, sold and used ones leave (409) and changes nothing", async () => {
    const [buyer] = await app.db.select().from(users).where(eq(users.email, "member@x.test"));
    const event = await insertEvent({ totalTickets: 20, availableTickets: 10 });
    const orders = [
      ["pending", 1, "STOCKEDIT2"],
      ["confirmed", 2, "STOCKEDIT3"],
      ["used", 3, "STOCKEDIT4"],
      // Cancelled and refunded orders gave their tickets back.
      ["cancelled", 4, "STOCKEDIT5"],
      ["refunded", 4, "STOCKEDIT6"],
    ] as const;
    for (const [status, quantity, confirmationCode] of orders) {
      await app.db.insert(ticketPurchases).values({
        eventId: event.id,
        userId: buyer.id,
        quantity,
        totalAmount: "65.00",
        status,
        confirmationCode,
      });
    }

    const res = await admin.patch(`/api/events/${event.id}`).send({ availableTickets: 15 }).expect(409);
    const message = "Only 14 tickets can be available: 6 of 20 are sold or held for payment";
    expect(res.body).toEqual({ message, fieldErrors: { availableTickets: [message] } });
    await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 10, availableTickets: 5 }).expect(409);
    const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(row).toMatchObject({ totalTickets: 20, availableTickets: 10 });

    await admin.patch(`/api/events/${event.id}`).send({ availableTickets: 14 }).expect(200);
    await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 10, availableTickets: 4 }).expect(200);
  });

  it("puts a sold-out event back on sale when tickets are added", async () => {
    const event = await insertEvent({ totalTickets: 10, availableTickets: 0, status: "sold-out" });
    const res = await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 15 }).expect(200);
    expect(res.body).toMatchObject({ availableTickets: 5, status: "on-sale" });
  });

  it("deletes an event without orders (204)", async () => {
    const event = await insertEvent();
    await admin.delete(`/api/events/${event.id}`).expect(204);
    expect(await app.db.select().from(events).where(eq(events.id, event.id))).toHaveLength(0);
  });

  it("refuses to delete an event with ticket orders (409) and keeps both, whatever their status", async () => {
    const [buyer] = await app.db.select().from(users).where(eq(users.email, "member@x.test"));
    for (const [status, code] of [
      ["confirmed", "DELETEME22"],
      ["cancelled", "DELETEME23"],
    ] as const) {
      const event = await insertEvent();
      await app.db.insert(ticketPurchases).values({
        eventId: event.id,
        userId: buyer.id,
        quantity: 2,
        totalAmount: "130.00",
        status,
        confirmationCode: code,
      });
      const res = await admin.delete(`/api/events/${event.id}`).expect(409);
      expect(res.body.message).toBe("This event has ticket orders. Cancel the event instead of deleting it.");
      expect(await app.db.select().from(events).where(eq(events.id, event.id))).toHaveLength(1);
      expect(await app.db.select().from(ticketPurchases).where(eq(ticketPurchases.eventId, event.id))).toHaveLength(1);
    }
  });

  it("lets an admin set the tickets one order may take, 1 to 1000, 10 by default", async () => {
    const created = await admin
      .post("/api/events")
      .send({ ...validEvent(), name: "Capped" })
      .expect(201);
    expect(created.body.maxPerOrder).toBe(10);
    const res = await admin.patch(`/api/events/${created.body.id}`).send({ maxPerOrder: 4 }).expect(200);
    expect(res.body.maxPerOrder).toBe(4);
    for (const maxPerOrder of [0, 1001, 2.5, "4"]) {
      const refused = await admin.patch(`/api/events/${created.body.id}`).send({ maxPerOrder }).expect(400);
      expect(refused.body.fieldErrors.maxPerOrder).toEqual(["Enter a whole number from 1 to 1000"]);
    }
  });

  it("keeps the venue's time zone: DEFAULT_TIME_ZONE when none is given, an IANA name otherwise", async () => {
    const plain = await admin.post("/api/events").send(validEvent()).expect(201);
    expect(plain.body.timeZone).toBe("America/Denver");
    const zoned = await admin
      .post("/api/events")
      .send({ ...validEvent(), timeZone: "Europe/Paris" })
      .expect(201);
    expect(zoned.body.timeZone).toBe("Europe/Paris");
    const moved = await admin.patch(`/api/events/${zoned.body.id}`).send({ timeZone: "Asia/Tokyo" }).expect(200);
    expect(moved.body.timeZone).toBe("Asia/Tokyo");
    const listed = (await member.get("/api/events").expect(200)).body as Event[];
    expect(listed.find((event) => event.id === zoned.body.id)?.timeZone).toBe("Asia/Tokyo");
    const refused = await admin
      .post("/api/events")
      .send({ ...validEvent(), timeZone: "Mars/Olympus" })
      .expect(400);
    expect(refused.body.fieldErrors.timeZone).toEqual(["Unknown time zone"]);
  });
});

describe("the events list cache", () => {
  let cached: TestApp;
  let buyer: Agent;
  let boss: Agent;
  beforeAll(async () => {
    // A long time to live: only the invalidation on writes and purchases can refresh it.
    cached = await startTestApp({ env: { ADMIN_EMAILS: "boss@x.test", READ_CACHE_TTL_MS: "60000" } });
    buyer = await cached.signIn("buyer@x.test");
    boss = await cached.signIn("boss@x.test");
  });
  afterAll(() => cached?.close());

  const listed = async (name: string) =>
    ((await buyer.get("/api/events").expect(200)).body as Event[]).find((e) => e.name === name);

  it("is private to members, answers If-None-Match with 304, and still refuses anonymous visitors", async () => {
    const first = await buyer.get("/api/events").expect(200);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    await buyer.get("/api/events").set("If-None-Match", first.headers.etag).expect(304);
    await cached.agent().get("/api/events").expect(401);
  });

  it("shows a purchase and an administrator's changes at once", async () => {
    const created = await boss
      .post("/api/events")
      .send({ ...validEvent(), name: "Cache Night", totalTickets: 10 })
      .expect(201);
    expect((await listed("Cache Night"))?.availableTickets).toBe(10);
    await buyer.post("/api/tickets").send({ eventId: created.body.id, quantity: 3 }).expect(201);
    expect((await listed("Cache Night"))?.availableTickets).toBe(7);
    await boss.patch(`/api/events/${created.body.id}`).send({ venue: "New Hall" }).expect(200);
    expect((await listed("Cache Night"))?.venue).toBe("New Hall");
    await boss.post(`/api/events/${created.body.id}/cancel`).expect(202);
    expect((await listed("Cache Night"))?.status).toBe("cancelled");
    const unsold = await boss
      .post("/api/events")
      .send({ ...validEvent(), name: "Quiet Night" })
      .expect(201);
    expect(await listed("Quiet Night")).toBeDefined();
    await boss.delete(`/api/events/${unsold.body.id}`).expect(204);
    expect(await listed("Quiet Night")).toBeUndefined();
  });
});
