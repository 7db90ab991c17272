import crypto from "node:crypto";
import type { eventsContract } from "@shared/events";
import { events } from "@shared/events.table";
import { ticketPurchases } from "@shared/tickets.table";
import { users } from "@shared/users.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";

const event = {
  name: "Neon Nights",
  artist: "Nova Reign",
  venue: "Riverside Amphitheater",
  date: "2031-07-14",
  time: "20:00",
  totalTickets: 100,
  ticketPrice: "65.00",
  status: "on-sale",
};

async function insertEvent(app: TestApp, values: Partial<typeof events.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(events)
    .values({ ...event, availableTickets: 100, ...values })
    .returning();
  return row;
}

/** Each event route's answers, for server/contract.test.ts. */
export const eventsCases: ContractCases<typeof eventsContract> = {
  async list({ app, send }) {
    await insertEvent(app, { description: "Live", imageUrl: "/demo/events/neon.svg", timeZone: "America/Denver" });
    await send("member", {}, 200);
  },
  async create({ send }) {
    await send("admin", { body: event }, 201);
    await send("admin", { body: { ...event, totalTickets: -1 } }, 400);
  },
  async update({ app, send }) {
    const row = await insertEvent(app, { availableTickets: 10 });
    await send("admin", { params: { id: row.id }, body: { venue: "The Blue Lantern" } }, 200);
    await send("admin", { params: { id: row.id }, body: { name: "" } }, 400);
    // 90 sold: the total may not drop below them.
    await send("admin", { params: { id: row.id }, body: { totalTickets: 50 } }, 409);
    await send("admin", { params: { id: crypto.randomUUID() }, body: {} }, 404);
  },
  async remove({ app, send }) {
    const row = await insertEvent(app);
    await send("admin", { params: { id: row.id } }, 204);
    await send("admin", { params: { id: row.id } }, 404);
    const ordered = await insertEvent(app);
    const [buyer] = await app.db
      .insert(users)
      .values({ email: `buyer-${crypto.randomUUID()}@contract.test` })
      .returning();
    await app.db.insert(ticketPurchases).values({
      eventId: ordered.id,
      userId: buyer.id,
      quantity: 1,
      totalAmount: "65.00",
      confirmationCode: crypto.randomUUID().slice(0, 10).toUpperCase(),
    });
    await send("admin", { params: { id: ordered.id } }, 409);
  },
};
