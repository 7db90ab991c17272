import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import { signedTokens } from "../../lib/signed-token";
import { capturedStatements } from "../../test/captured-queries";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createTicketsRepository, type TicketsRepository } from "./tickets.repository";
import { createTicketsService, PURCHASES_IN_FLIGHT_PER_EVENT } from "./tickets.service";

let database: TestDatabase;
let buyer: string;

beforeAll(async () => {
  database = await createTestDatabase();
  [{ id: buyer }] = await database.db.insert(users).values({ email: "turns@fans.test" }).returning();
});
afterAll(() => database?.drop());

async function insertEvent(stock: number) {
  const [row] = await database.db
    .insert(events)
    .values({
      name: "Turn Taking Night",
      artist: "Marisol Vega",
      venue: "Hall 3",
      date: "2031-06-01",
      time: "20:00",
      totalTickets: stock,
      availableTickets: stock,
      ticketPrice: "12.00",
      status: "on-sale",
    })
    .returning();
  return row;
}

/** The real repository, counting how many purchase statements of each event are in flight. */
function countingRepository() {
  const real = createTicketsRepository(database.db, database.pool);
  const inFlight = new Map<string, number>();
  const most = new Map<string, number>();
  const repository: TicketsRepository = {
    ...real,
    async buyTickets(request) {
      const now = (inFlight.get(request.eventId) ?? 0) + 1;
      inFlight.set(request.eventId, now);
      most.set(request.eventId, Math.max(most.get(request.eventId) ?? 0, now));
      try {
        return await real.buyTickets(request);
      } finally {
        inFlight.set(request.eventId, inFlight.get(request.eventId)! - 1);
      }
    },
  };
  return { repository, most };
}

describe("purchases of one event in one instance", () => {
  it("reach PostgreSQL two at a time, while another event's purchases are not held up behind them", async () => {
    const busy = await insertEvent(30);
    const quiet = await insertEvent(5);
    const { repository, most } = countingRepository();
    const service = createTicketsService(repository, { tokens: signedTokens("test-secret", "ticket"), card: null });

    const sale = Array.from({ length: 40 }, () => service.purchase(buyer, { eventId: busy.id, quantity: 1 }));
    // Asked after the whole sale, answered before it ends: it waits for no turn of the busy event.
    let saleDone = false;
    void Promise.allSettled(sale).then(() => (saleDone = true));
    await service.purchase(buyer, { eventId: quiet.id, quantity: 1 });
    expect(saleDone).toBe(false);

    const results = await Promise.allSettled(sale);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(30);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refusals.map((r) => (r.reason as Error).message)).toEqual(Array(10).fill("This event is sold out"));
    expect(most.get(busy.id)).toBe(PURCHASES_IN_FLIGHT_PER_EVENT);

    const sold = await database.db.select().from(ticketPurchases).where(eq(ticketPurchases.eventId, busy.id));
    expect(sold).toHaveLength(30);
    const [after] = await database.db.select().from(events).where(eq(events.id, busy.id));
    expect(after).toMatchObject({ availableTickets: 0, status: "sold-out" });
  });

  it("sends the purchase as one statement prepared by name, built once", async () => {
    const event = await insertEvent(10);
    const service = createTicketsService(createTicketsRepository(database.db, database.pool), {
      tokens: signedTokens("test-secret", "ticket"),
      card: null,
    });
    const sent = await capturedStatements(database.pool, async () => {
      await service.purchase(buyer, { eventId: event.id, quantity: 1 });
      await service.purchase(buyer, { eventId: event.id, quantity: 2 });
    });
    const purchases = sent.filter((query) => /insert into "ticket_purchases"/.test(query.text));
    expect(purchases.map((query) => query.name)).toEqual(["buy_tickets", "buy_tickets"]);
    // The same text each time: the quantities and ids travel as parameters.
    expect(purchases[0].text).toBe(purchases[1].text);
  });
});
