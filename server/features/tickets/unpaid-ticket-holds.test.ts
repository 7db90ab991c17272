import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketPurchases } from "@shared/tickets.table";
import { insertEvent, setUpTicketsApp } from "./tickets.test-support";
import { TOO_MANY_UNPAID_TICKETS } from "./tickets.service";

const CAP = 3;
const env = setUpTicketsApp({ UNPAID_HOLDS_PER_EMAIL: String(CAP) });

describe("the cap on a buyer's unpaid ticket holds", () => {
  it("holds when one buyer buys ten different events at once: exactly three holds, the rest refused as today", async () => {
    const buyer = await env.app.signIn("racer@fans.test");
    // Different events take different row locks, so nothing but the buyer's own lock orders them.
    const events = await Promise.all(Array.from({ length: 10 }, () => insertEvent(env.app)));

    const answers = await Promise.all(
      events.map((event) => buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 })),
    );

    expect(answers.filter((res) => res.status === 201)).toHaveLength(CAP);
    const refused = answers.filter((res) => res.status !== 201);
    expect(refused.map((res) => [res.status, res.body.message])).toEqual(
      Array(10 - CAP).fill([429, TOO_MANY_UNPAID_TICKETS]),
    );
    const held = answers.find((res) => res.status === 201)!;
    const [order] = await env.app.db.select().from(ticketPurchases).where(eq(ticketPurchases.id, held.body.id));
    const holds = await env.app.db
      .select()
      .from(ticketPurchases)
      .where(and(eq(ticketPurchases.userId, order.userId), eq(ticketPurchases.status, "pending")));
    expect(holds).toHaveLength(CAP);
  });

  it("does not cap free orders, which hold nothing", async () => {
    const buyer = await env.app.signIn("free@fans.test");
    const events = await Promise.all(Array.from({ length: 6 }, () => insertEvent(env.app, { ticketPrice: "0.00" })));
    const answers = await Promise.all(
      events.map((event) => buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 })),
    );
    expect(answers.map((res) => [res.status, res.body.status])).toEqual(Array(6).fill([201, "confirmed"]));
  });
});
