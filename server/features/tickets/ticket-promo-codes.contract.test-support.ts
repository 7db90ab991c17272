import crypto from "node:crypto";
import { expect } from "vitest";
import type { ticketPromoCodesContract } from "@shared/ticket-promo-codes";
import { ticketPromoCodes } from "@shared/ticket-promo-codes.table";
import type { ContractCases } from "../../test/contract-harness";
import { insertEvent } from "./tickets.test-support";

/** Each promo-code route's answers, for server/contract.test.ts. */
export const ticketPromoCodesCases: ContractCases<typeof ticketPromoCodesContract> = {
  async list({ app, send }) {
    const event = await insertEvent(app);
    await app.db.insert(ticketPromoCodes).values({ eventId: event.id, code: "LISTED", percentOff: "10.00" });
    const list = await send("admin", { params: { id: event.id } }, 200);
    expect(list.body).toHaveLength(1);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
  async create({ app, send }) {
    const event = await insertEvent(app);
    await send("admin", { params: { id: event.id }, body: { code: "NEW10", percentOff: 10 } }, 201);
    await send("admin", { params: { id: event.id }, body: { code: "new10", amountOff: "2" } }, 409);
    await send("admin", { params: { id: event.id }, body: { code: "BAD", percentOff: 0 } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: { code: "NOEVENT", percentOff: 10 } }, 404);
  },
  async update({ app, send }) {
    const event = await insertEvent(app);
    const [a, b] = await app.db
      .insert(ticketPromoCodes)
      .values([
        { eventId: event.id, code: "FIRST", percentOff: "10.00" },
        { eventId: event.id, code: "SECOND", amountOff: "1.00" },
      ])
      .returning();
    await send("admin", { params: { id: a.id }, body: { active: false } }, 200);
    await send("admin", { params: { id: a.id }, body: { code: b.code.toLowerCase() } }, 409);
    await send("admin", { params: { id: a.id }, body: { percentOff: 101 } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: { active: true } }, 404);
  },
  async quote({ app, send }) {
    const event = await insertEvent(app, { ticketPrice: "10.00" });
    await app.db.insert(ticketPromoCodes).values({ eventId: event.id, code: "QUOTED", percentOff: "50.00" });
    const quote = await send("member", { body: { eventId: event.id, quantity: 2, code: "quoted" } }, 200);
    expect(quote.body).toMatchObject({ discount: "10.00", total: "10.00" });
    await send("member", { body: { eventId: event.id, quantity: 2, code: "NOSUCH" } }, 400);
    await send("member", { body: { eventId: crypto.randomUUID(), quantity: 2 } }, 404);
  },
};
