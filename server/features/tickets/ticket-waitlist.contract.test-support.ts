import crypto from "node:crypto";
import { expect } from "vitest";
import type { ticketWaitlistContract } from "@shared/ticket-waitlist";
import { ticketWaitlistEntries } from "@shared/ticket-waitlist.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";
import { insertEvent } from "./tickets.test-support";

const soldOut = (app: TestApp) => insertEvent(app, { totalTickets: 2, availableTickets: 0, status: "sold-out" });

async function insertEntry(app: TestApp, eventId: string) {
  const email = `w-${crypto.randomUUID()}@contract.test`;
  const [row] = await app.db
    .insert(ticketWaitlistEntries)
    .values({ eventId, email, emailKey: email, quantity: 1, token: crypto.randomBytes(24).toString("base64url") })
    .returning();
  return row;
}

/** Each waiting-list route's answers, for server/contract.test.ts. */
export const ticketWaitlistCases: ContractCases<typeof ticketWaitlistContract> = {
  async join({ app, send }) {
    const event = await soldOut(app);
    const joined = await send(
      "anonymous",
      { params: { id: event.id }, body: { email: "a@contract.test", quantity: 1 } },
      201,
    );
    expect(joined.body).toEqual({ position: 1 });
    await send("anonymous", { params: { id: event.id }, body: { email: "A@contract.test", quantity: 1 } }, 409);
    await send("anonymous", { params: { id: event.id }, body: { email: "nope", quantity: 1 } }, 400);
    await send(
      "anonymous",
      { params: { id: crypto.randomUUID() }, body: { email: "a@contract.test", quantity: 1 } },
      404,
    );
  },
  async leave({ app, send }) {
    const entry = await insertEntry(app, (await soldOut(app)).id);
    await send("anonymous", { params: { token: entry.token } }, 204);
    await send("anonymous", { params: { token: entry.token } }, 404);
  },
  async list({ app, send }) {
    const event = await soldOut(app);
    await insertEntry(app, event.id);
    const list = await send("admin", { params: { id: event.id } }, 200);
    expect(list.body).toHaveLength(1);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
  async offer({ app, send }) {
    const event = await insertEvent(app, { totalTickets: 2, availableTickets: 1 });
    const entry = await insertEntry(app, event.id);
    await send("admin", { params: { id: entry.id } }, 200);
    await send("admin", { params: { id: entry.id } }, 409);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
  async remove({ app, send }) {
    const entry = await insertEntry(app, (await soldOut(app)).id);
    await send("admin", { params: { id: entry.id } }, 204);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
};
