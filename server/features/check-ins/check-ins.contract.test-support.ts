import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { checkInsContract } from "@shared/check-ins";
import { issuedTickets } from "@shared/tickets.table";
import type { ContractCases } from "../../test/contract-harness";
import { checkInFactories, venueDay } from "./check-ins.test-support";

/** The contract test's member buys; its administrator works the door. */
const BUYER = "member@contract.test";

/** Each check-in route's answers, for server/contract.test.ts. */
export const checkInsCases: ContractCases<typeof checkInsContract> = {
  async checkIn({ app, send }) {
    const make = checkInFactories(app.db);
    const today = await make.event();
    const tomorrow = await make.event({ date: venueDay(1) });
    const called = await make.event({ status: "cancelled" });
    const order = await make.ticket(today.id, BUYER, { quantity: 2 });
    const admitted = await send("admin", { body: { code: `${order.confirmationCode}-1` } }, 200);
    expect(admitted.body).toMatchObject({ result: "admitted" });
    const used = await send("admin", { body: { code: `${order.confirmationCode}-1` } }, 200);
    expect(used.body).toMatchObject({ result: "already-used" });
    await send("admin", { body: { code: order.confirmationCode, eventId: tomorrow.id } }, 200);
    const gone = await make.ticket(today.id, BUYER, { status: "cancelled" });
    await send("admin", { body: { code: gone.confirmationCode } }, 200);
    await send("admin", { body: { code: (await make.ticket(called.id, BUYER)).confirmationCode } }, 200);
    await send("admin", { body: { code: (await make.ticket(tomorrow.id, BUYER)).confirmationCode } }, 200);
    expect((await send("admin", { body: { code: "NOT A TICKET" } }, 200)).body).toEqual({ result: "unknown" });
    await send("admin", { body: { code: "" } }, 400);
  },
  async search({ app, send }) {
    const make = checkInFactories(app.db);
    const event = await make.event();
    const order = await make.ticket(event.id, BUYER);
    await app.db.update(issuedTickets).set({ checkedInAt: new Date() }).where(eq(issuedTickets.orderId, order.id));
    const found = await send("admin", { query: { q: "member@contract", eventId: event.id } }, 200);
    expect(found.body).not.toEqual([]);
    await send("admin", { query: { q: "" } }, 400);
  },
  async summaries({ send }) {
    await send("admin", {}, 200);
  },
  async summary({ app, send }) {
    const event = await checkInFactories(app.db).event();
    await send("admin", { params: { id: event.id } }, 200);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
};
