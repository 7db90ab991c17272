import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { captureLogger } from "../../test/capture-logger";
import { STRIPE_TEST_ENV } from "../../test/payments";
import { daysFromToday } from "./tickets.test-support";

/** What the server says at start about reservations. */
const RESERVATIONS_WARNING = /priced tickets are reservations paid at the door/;

const log = captureLogger();
let app: TestApp;
let fan: Agent;

// No Stripe keys: payments are not configured.
beforeAll(async () => {
  app = await startTestApp({ logger: log.logger });
  fan = await app.signIn("fan@door.test");
});
afterAll(async () => {
  await app?.close();
});

async function insertEvent(ticketPrice: string) {
  const [row] = await app.db
    .insert(events)
    .values({
      name: "Harbor Lights",
      artist: "Nova Reign",
      venue: "Harborview Arena",
      date: daysFromToday(21),
      time: "20:00",
      totalTickets: 10,
      availableTickets: 10,
      ticketPrice,
      status: "on-sale",
    })
    .returning();
  return row;
}

async function confirmationParams(orderId: string) {
  const [message] = await app.db
    .select({ params: outboxMessages.params })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, "ticket_purchase"), eq(outboxMessages.aboutId, orderId)));
  return message.params as Record<string, unknown>;
}

describe("priced tickets while card payments are not configured", () => {
  it("are a reservation: confirmed unpaid, and the e-mail says to pay the order's total at the door", async () => {
    const event = await insertEvent("25.00");
    const res = await fan.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    expect(res.body).toMatchObject({ status: "confirmed", totalAmount: "50.00", paidAt: null });
    expect(res.body.clientSecret).toBeUndefined();
    expect(await confirmationParams(res.body.id)).toMatchObject({ total: "50.00", payAtDoor: "50.00" });
    const mine = await fan.get("/api/tickets/my").expect(200);
    expect(mine.body.find((t: { id: string }) => t.id === res.body.id)).toMatchObject({
      status: "confirmed",
      totalAmount: "50.00",
      paidAt: null,
    });
  });

  it("owe nothing at the door for a free event", async () => {
    const event = await insertEvent("0.00");
    const res = await fan.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
    expect((await confirmationParams(res.body.id)).payAtDoor).toBeNull();
  });

  it("are announced by one warning at start, and not when payments are configured", async () => {
    const warnings = log.lines.filter((line) => line.level === 40 && RESERVATIONS_WARNING.test(String(line.msg)));
    expect(warnings).toHaveLength(1);
    const configured = captureLogger();
    const withStripe = await startTestApp({ logger: configured.logger, env: STRIPE_TEST_ENV });
    await withStripe.close();
    expect(configured.lines.some((line) => RESERVATIONS_WARNING.test(String(line.msg)))).toBe(false);
  });
});
