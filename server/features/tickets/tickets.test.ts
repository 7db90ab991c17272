import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import { outboxMessages } from "@shared/outbox.table";
import { CONFIRMATION_CODE_ALPHABET } from "@shared/tickets";
import { issuedTickets, ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { capturedQueries } from "../../test/captured-queries";
import { createTicketsRepository } from "./tickets.repository";
import { signedTokens } from "../../lib/signed-token";
import { createTicketsService, generateConfirmationCode } from "./tickets.service";

let app: TestApp;
let buyers: Agent[];
let member: Agent;
let other: Agent;

function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

async function insertEvent(values: Partial<typeof events.$inferInsert> = {}): Promise<EventRow> {
  const [row] = await app.db
    .insert(events)
    .values({
      name: "Blue Hour Sessions",
      artist: "Marisol Vega",
      venue: "The Blue Lantern",
      date: daysFromToday(14),
      time: "19:30",
      totalTickets: 50,
      availableTickets: 50,
      ticketPrice: "19.99",
      status: "on-sale",
      ...values,
    })
    .returning();
  return row;
}

async function eventRow(id: string): Promise<EventRow> {
  const [row] = await app.db.select().from(events).where(eq(events.id, id));
  return row;
}

async function purchasesOf(eventId: string) {
  return app.db.select().from(ticketPurchases).where(eq(ticketPurchases.eventId, eventId));
}

async function userId(email: string): Promise<string> {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  return row.id;
}

beforeAll(async () => {
  app = await startTestApp();
  buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => app.signIn(`buyer${i}@x.test`)));
  member = await app.signIn("member@x.test");
  other = await app.signIn("other@x.test");
});
afterAll(async () => {
  await app?.close();
});

describe("POST /api/tickets under concurrency", () => {
  it("sells exactly 50 of 200 simultaneous single-ticket requests and refuses the other 150 clearly", async () => {
    const event = await insertEvent({ totalTickets: 50, availableTickets: 50 });
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        buyers[i % buyers.length].post("/api/tickets").send({ eventId: event.id, quantity: 1 }),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 409);
    expect(created).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) expect(r.body.message).toMatch(/^(This event is sold out|Only \d+ tickets? left)$/);

    expect(await purchasesOf(event.id)).toHaveLength(50);
    const after = await eventRow(event.id);
    expect(after.availableTickets).toBe(0);
    expect(after.status).toBe("sold-out");
    const codes = new Set(created.map((r) => r.body.confirmationCode));
    expect(codes.size).toBe(50);
  });

  it("never sells more than the stock when quantities of 1 to 4 race", async () => {
    const stock = 97;
    const event = await insertEvent({ totalTickets: stock, availableTickets: stock });
    const quantities = Array.from({ length: 120 }, (_, i) => (i % 4) + 1);
    const responses = await Promise.all(
      quantities.map((quantity, i) =>
        buyers[i % buyers.length].post("/api/tickets").send({ eventId: event.id, quantity }),
      ),
    );
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);

    const rows = await purchasesOf(event.id);
    const sold = rows.reduce((sum, row) => sum + row.quantity, 0);
    const after = await eventRow(event.id);
    expect(sold).toBe(stock - after.availableTickets);
    expect(sold).toBeLessThanOrEqual(stock);
    expect(after.availableTickets).toBeGreaterThanOrEqual(0);
    // 300 tickets were asked for: the stock must be (nearly) gone, with fewer than 4 left over.
    expect(after.availableTickets).toBeLessThan(4);
    const createdQuantities = responses.filter((r) => r.status === 201).reduce((sum, r) => sum + r.body.quantity, 0);
    expect(createdQuantities).toBe(sold);
    // Every order sold has exactly its own tickets, numbered from 1, and a refused one has none.
    const [tickets] = await app.db
      .select({
        count: sql<number>`count(*)::int`,
        wrong: sql<number>`count(*) filter (where ${issuedTickets.position} > ${ticketPurchases.quantity})::int`,
      })
      .from(issuedTickets)
      .innerJoin(ticketPurchases, eq(ticketPurchases.id, issuedTickets.orderId))
      .where(eq(ticketPurchases.eventId, event.id));
    expect(tickets).toEqual({ count: sold, wrong: 0 });
  });
});

describe("POST /api/tickets", () => {
  it("records the purchase with the server's total and a confirmation code (201)", async () => {
    const event = await insertEvent({ ticketPrice: "19.99", totalTickets: 10, availableTickets: 10 });
    const res = await member
      .post("/api/tickets")
      .send({ eventId: event.id, quantity: 3, totalAmount: "0.01" })
      .expect(201);
    expect(res.body).toMatchObject({
      eventId: event.id,
      userId: await userId("member@x.test"),
      quantity: 3,
      totalAmount: "59.97",
      status: "confirmed",
    });
    expect(res.body.confirmationCode).toMatch(new RegExp(`^[${CONFIRMATION_CODE_ALPHABET}]{10}$`));
    expect(await eventRow(event.id)).toMatchObject({ availableTickets: 7, status: "on-sale" });
  });

  it("takes the stock and records the purchase in one statement, so the event's row lock spans no round trip", async () => {
    const event = await insertEvent({ totalTickets: 10, availableTickets: 10 });
    const all = await capturedQueries(app.database.pool, () =>
      member.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201),
    );
    const purchase = all.filter((text) => /"events"|ticket_purchases|^begin|^commit/i.test(text));
    expect(purchase).toHaveLength(1);
    expect(purchase[0]).toMatch(/^with "taken" as \(update "events"[\s\S]*insert into "ticket_purchases"/);
  });

  it("marks the event sold out when the last tickets go", async () => {
    const event = await insertEvent({ totalTickets: 2, availableTickets: 2, status: "upcoming" });
    await member.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    expect(await eventRow(event.id)).toMatchObject({ availableTickets: 0, status: "sold-out" });
  });

  it("refuses signed-out visitors with 401", async () => {
    const event = await insertEvent();
    await app.agent().post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(401);
    expect((await eventRow(event.id)).availableTickets).toBe(50);
  });

  it("answers 404 'Event not found' for an unknown event", async () => {
    const res = await member
      .post("/api/tickets")
      .send({ eventId: "00000000-0000-4000-8000-000000000000", quantity: 1 })
      .expect(404);
    expect(res.body.message).toBe("Event not found");
  });

  it("refuses quantities that are not whole numbers from 1 to 100000 with 400", async () => {
    const event = await insertEvent();
    for (const quantity of [0, -1, 1.5, "2", null, 100_001]) {
      const res = await member.post("/api/tickets").send({ eventId: event.id, quantity }).expect(400);
      expect(res.body.message).toContain("Enter a whole number of tickets from 1 to 100000");
    }
    await member.post("/api/tickets").send({ eventId: "nope", quantity: 1 }).expect(400);
    expect((await eventRow(event.id)).availableTickets).toBe(50);
  });

  it("answers 409 'Only N tickets left' when asking for more than remain", async () => {
    const event = await insertEvent({ totalTickets: 10, availableTickets: 3 });
    const res = await member.post("/api/tickets").send({ eventId: event.id, quantity: 4 }).expect(409);
    expect(res.body.message).toBe("Only 3 tickets left");
    const one = await insertEvent({ totalTickets: 10, availableTickets: 1 });
    const single = await member.post("/api/tickets").send({ eventId: one.id, quantity: 2 }).expect(409);
    expect(single.body.message).toBe("Only 1 ticket left");
    expect((await eventRow(event.id)).availableTickets).toBe(3);
  });

  it("refuses cancelled, completed, past and sold-out events with 409", async () => {
    const cases: [Partial<typeof events.$inferInsert>, string][] = [
      [{ status: "cancelled" }, "This event is cancelled"],
      [{ status: "completed" }, "This event has already taken place"],
      [{ date: daysFromToday(-2) }, "This event has already taken place"],
      [{ status: "sold-out", availableTickets: 0 }, "This event is sold out"],
      [{ status: "on-sale", availableTickets: 0 }, "This event is sold out"],
    ];
    for (const [values, message] of cases) {
      const event = await insertEvent(values);
      const res = await member.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(409);
      expect(res.body.message).toBe(message);
      expect(await purchasesOf(event.id)).toHaveLength(0);
    }
  });

  it("refuses a purchase whose total would not fit numeric(10,2) and keeps the stock", async () => {
    const event = await insertEvent({ ticketPrice: "99999999.99", totalTickets: 5, availableTickets: 5 });
    const res = await member.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(400);
    expect(res.body.message).toBe("The total is too large for one purchase");
    expect((await eventRow(event.id)).availableTickets).toBe(5);
    await member.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
  });
});

describe("confirmation codes", () => {
  it("are 10 characters from the alphabet without look-alikes", () => {
    for (let i = 0; i < 200; i++) {
      const code = generateConfirmationCode();
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
      expect(code).not.toMatch(/[01ILO]/);
    }
  });

  it("draws again when a code is already taken", async () => {
    const event = await insertEvent();
    const buyer = await userId("member@x.test");
    await app.db
      .insert(ticketPurchases)
      .values({ eventId: event.id, userId: buyer, quantity: 1, totalAmount: "1.00", confirmationCode: "TAKENCODE2" });
    const draws = ["TAKENCODE2", "TAKENCODE2", "FRESHCODE3"];
    const service = createTicketsService(
      createTicketsRepository(app.db, app.database.pool),
      { tokens: signedTokens("test-secret", "ticket"), card: null },
      () => draws.shift()!,
    );
    const purchase = await service.purchase(buyer, { eventId: event.id, quantity: 2 });
    expect(purchase.confirmationCode).toBe("FRESHCODE3");
    expect((await eventRow(event.id)).availableTickets).toBe(48);
  });

  it("rolls the stock and the confirmation e-mail back when no unique code can be drawn", async () => {
    const event = await insertEvent();
    const queued = () => app.db.$count(outboxMessages);
    const before = await queued();
    const service = createTicketsService(
      createTicketsRepository(app.db, app.database.pool),
      { tokens: signedTokens("test-secret", "ticket"), card: null },
      () => "TAKENCODE2",
    );
    await expect(service.purchase(await userId("member@x.test"), { eventId: event.id, quantity: 2 })).rejects.toThrow(
      /confirmation code/,
    );
    expect((await eventRow(event.id)).availableTickets).toBe(50);
    expect(await queued()).toBe(before);
    expect(await purchasesOf(event.id)).toEqual([]);
  });

  it("issues one ticket per person with the order, in the purchase's own statement", async () => {
    const event = await insertEvent();
    const res = await member.post("/api/tickets").send({ eventId: event.id, quantity: 3 }).expect(201);
    const tickets = await app.db
      .select()
      .from(issuedTickets)
      .where(eq(issuedTickets.orderId, res.body.id))
      .orderBy(issuedTickets.position);
    expect(tickets.map((t) => [t.position, t.checkedInAt, t.checkedInBy])).toEqual([
      [1, null, null],
      [2, null, null],
      [3, null, null],
    ]);
  });
});

describe("GET /api/tickets/my", () => {
  it("lists only the user's own purchases, newest first, with their events", async () => {
    const first = await insertEvent({ name: "First Show", venue: "Hall A", time: "18:00" });
    const second = await insertEvent({
      name: "Second Show",
      venue: "Hall B",
      time: "21:00",
      timeZone: "Europe/Berlin",
    });
    const a = await other.post("/api/tickets").send({ eventId: first.id, quantity: 1 }).expect(201);
    const b = await other.post("/api/tickets").send({ eventId: second.id, quantity: 2 }).expect(201);
    await member.post("/api/tickets").send({ eventId: first.id, quantity: 1 }).expect(201);

    const res = await other.get("/api/tickets/my").expect(200);
    expect(res.body.map((t: { id: string }) => t.id)).toEqual([b.body.id, a.body.id]);
    expect(res.body[0]).toMatchObject({
      quantity: 2,
      totalAmount: "39.98",
      confirmationCode: b.body.confirmationCode,
      event: {
        id: second.id,
        name: "Second Show",
        artist: "Marisol Vega",
        venue: "Hall B",
        date: second.date,
        time: "21:00",
        // So the ticket shows the venue's clock with its zone.
        timeZone: "Europe/Berlin",
      },
    });
  });

  it("uses two queries however many purchases and tickets there are (no N+1): the orders, then all their tickets", async () => {
    // The tickets queries alone, not the session store's traffic.
    const all = await capturedQueries(app.database.pool, () => other.get("/api/tickets/my").expect(200));
    const statements = all.filter((text) => /ticket_purchases/.test(text));
    expect(statements).toHaveLength(2);
    expect(statements.find((text) => /inner join "events"/.test(text))).toBeDefined();
    expect(statements.find((text) => /from "issued_tickets"/.test(text))).toBeDefined();
  });

  it("refuses signed-out visitors with 401", async () => {
    await app.agent().get("/api/tickets/my").expect(401);
  });

  it("counts rows in the database the same way the API does", async () => {
    const [{ count }] = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(ticketPurchases)
      .where(eq(ticketPurchases.userId, await userId("other@x.test")));
    const res = await other.get("/api/tickets/my").expect(200);
    expect(res.body).toHaveLength(count);
  });
});
