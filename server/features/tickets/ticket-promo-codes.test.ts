import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { ticketPurchases } from "@shared/tickets.table";
import type { Agent } from "../../test/app-harness";
import { ADMIN_EMAIL, eventRow, eventually, insertEvent, orderRow, setUpTicketsApp } from "./tickets.test-support";

const env = setUpTicketsApp();
let admin: Agent;
let buyer: Agent;

beforeAll(async () => {
  admin = await env.app.signIn(ADMIN_EMAIL);
  buyer = await env.app.signIn("buyer@fans.test");
});

function addCode(eventId: string, body: Record<string, unknown>) {
  return admin.post(`/api/events/${eventId}/promo-codes`).send(body);
}

describe("promo codes (administrators)", () => {
  it("creates, lists, edits and deactivates a code; the same code in any case is a 409", async () => {
    const event = await insertEvent(env.app);
    const created = await addCode(event.id, { code: "Spring-25", percentOff: 25, maxUses: 10 }).expect(201);
    expect(created.body).toMatchObject({
      code: "Spring-25",
      percentOff: "25.00",
      amountOff: null,
      maxUses: 10,
      uses: 0,
    });
    const taken = await addCode(event.id, { code: "SPRING-25", amountOff: "5" }).expect(409);
    expect(taken.body.fieldErrors.code).toBeDefined();
    // Another event may have the same code.
    await addCode((await insertEvent(env.app)).id, { code: "spring-25", amountOff: "5" }).expect(201);

    const edited = await admin.patch(`/api/promo-codes/${created.body.id}`).send({ amountOff: "3.50" }).expect(200);
    expect(edited.body).toMatchObject({ percentOff: null, amountOff: "3.50" });
    const off = await admin.patch(`/api/promo-codes/${created.body.id}`).send({ active: false }).expect(200);
    expect(off.body.active).toBe(false);
    const list = await admin.get(`/api/events/${event.id}/promo-codes`).expect(200);
    expect(list.body.map((c: { code: string }) => c.code)).toEqual(["Spring-25"]);
  });

  it("answers 400 naming the field for a percentage outside (0, 100], an amount below 0.01, both or neither, and an end before the start", async () => {
    const event = await insertEvent(env.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "P0", percentOff: 0 }, "percentOff"],
      [{ code: "P101", percentOff: "100.01" }, "percentOff"],
      [{ code: "A0", amountOff: "0.00" }, "amountOff"],
      [{ code: "BOTH", percentOff: 10, amountOff: 2 }, "amountOff"],
      [{ code: "NONE" }, "percentOff"],
      [{ code: "LATE", percentOff: 10, startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }, "endsAt"],
      [{ code: "a b", percentOff: 10 }, "code"],
    ];
    for (const [body, field] of cases) {
      const res = await addCode(event.id, body).expect(400);
      expect(Object.keys(res.body.fieldErrors ?? {}), JSON.stringify(body)).toContain(field);
    }
    await addCode(event.id, { code: "FULL", percentOff: 100 }).expect(201);
    const created = await addCode(event.id, { code: "EDIT", percentOff: 10 }).expect(201);
    await admin.patch(`/api/promo-codes/${created.body.id}`).send({ percentOff: 150 }).expect(400);
  });

  it("is for administrators only", async () => {
    const event = await insertEvent(env.app);
    await buyer.post(`/api/events/${event.id}/promo-codes`).send({ code: "NOPE", percentOff: 10 }).expect(403);
  });
});

describe("pricing an order with a code", () => {
  it("quotes percentages rounded half up once per order and never takes a ticket below 0.00", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "9.99" });
    await addCode(event.id, { code: "EIGHTH", percentOff: "12.5" }).expect(201);
    await addCode(event.id, { code: "BIGOFF", amountOff: "15" }).expect(201);
    const plain = await buyer.post("/api/tickets/quote").send({ eventId: event.id, quantity: 3 }).expect(200);
    expect(plain.body).toEqual({ unitPrice: "9.99", discount: "0.00", total: "29.97", discountedTickets: 0 });
    // 29.97 x 12.5% = 3.74625: one rounding for the order, 3.75 (per ticket it would be 3 x 1.25).
    const eighth = await buyer.post("/api/tickets/quote").send({ eventId: event.id, quantity: 3, code: "eighth" });
    expect(eighth.body).toEqual({ unitPrice: "9.99", discount: "3.75", total: "26.22", discountedTickets: 3 });
    const big = await buyer.post("/api/tickets/quote").send({ eventId: event.id, quantity: 2, code: "BigOff" });
    expect(big.body).toMatchObject({ discount: "19.98", total: "0.00" });
  });

  it("refuses with a plain 400: unknown, for another event, not yet valid, expired, deactivated, used up", async () => {
    const event = await insertEvent(env.app);
    const other = await insertEvent(env.app);
    await addCode(other.id, { code: "ELSEWHERE", percentOff: 10 }).expect(201);
    await addCode(event.id, { code: "SOON", percentOff: 10, startsAt: "2099-01-01T00:00:00Z" }).expect(201);
    await addCode(event.id, { code: "GONE", percentOff: 10, endsAt: "2020-01-01T00:00:00Z" }).expect(201);
    const off = await addCode(event.id, { code: "OFF", percentOff: 10 }).expect(201);
    await admin.patch(`/api/promo-codes/${off.body.id}`).send({ active: false }).expect(200);
    const once = await addCode(event.id, { code: "ONCE", percentOff: 100, maxUses: 1 }).expect(201);
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1, code: "ONCE" }).expect(201);
    expect(
      (await admin.get(`/api/events/${event.id}/promo-codes`)).body.find((c: { id: string }) => c.id === once.body.id)
        .uses,
    ).toBe(1);
    const expected: Record<string, string> = {
      NOSUCH: "This code is unknown. Check it and try again.",
      ELSEWHERE: "This code is not for this event.",
      SOON: "This code is not valid yet.",
      GONE: "This code has expired.",
      OFF: "This code is no longer valid.",
      ONCE: "This code has been used up.",
    };
    for (const [code, message] of Object.entries(expected)) {
      const quote = await buyer.post("/api/tickets/quote").send({ eventId: event.id, quantity: 1, code }).expect(400);
      expect(quote.body.message).toBe(message);
      const bought = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1, code }).expect(400);
      expect(bought.body).toMatchObject({ message, fieldErrors: { code: [message] } });
    }
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(19);
  });
});

describe("buying with a code", () => {
  it("prices the purchase on the server: a one-use code discounts one ticket of an order, held for the card", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "20.00" });
    await addCode(event.id, { code: "HALF1", percentOff: 50, maxUses: 1 }).expect(201);
    const res = await buyer
      .post("/api/tickets/payment-intent")
      .send({ eventId: event.id, quantity: 3, code: "half1" })
      .expect(201);
    expect(res.body).toMatchObject({
      status: "pending",
      totalAmount: "50.00",
      discountAmount: "10.00",
      promoCode: "HALF1",
    });
    expect(res.body.clientSecret).toBeDefined();
    expect((await orderRow(env.app, res.body.id)).promoUses).toBe(1);
  });

  it("issues a zero total at once with no card: confirmed, e-mailed with the code and discount, in My Tickets", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "30.00" });
    await addCode(event.id, { code: "GUEST", percentOff: 100 }).expect(201);
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2, code: "GUEST" }).expect(201);
    expect(res.body).toMatchObject({ status: "confirmed", totalAmount: "0.00", discountAmount: "60.00" });
    expect(res.body.clientSecret).toBeUndefined();
    const [message] = await env.app.db.select().from(outboxMessages).where(eq(outboxMessages.aboutId, res.body.id));
    expect(message.params).toMatchObject({ total: "0.00", promoCode: "GUEST", discount: "60.00", payAtDoor: null });
    const mine = await buyer.get("/api/tickets/my").expect(200);
    const order = mine.body.find((o: { id: string }) => o.id === res.body.id);
    expect(order).toMatchObject({ promoCode: "GUEST", discountAmount: "60.00" });
    expect(order.tickets).toHaveLength(2);
    const orders = await admin.get(`/api/events/${event.id}/orders`).expect(200);
    expect(orders.body[0]).toMatchObject({ promoCode: "GUEST", discountAmount: "60.00" });
    const csv = await admin.get(`/api/events/${event.id}/attendees.csv`).expect(200);
    expect(csv.text.split("\r\n")[0]).toMatch(/,code,discount$/);
    expect(csv.text).toContain(",GUEST,60.00\r\n");
  });

  it("gives the last use to one of 20 buyers racing for it", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "10.00", totalTickets: 40, availableTickets: 40 });
    await addCode(event.id, { code: "LASTONE", percentOff: 100, maxUses: 3 }).expect(201);
    // Two of its three uses are taken already.
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2, code: "LASTONE" }).expect(201);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => env.app.signIn(`racer${i}@fans.test`)));
    const answers = await Promise.all(
      buyers.map((agent) => agent.post("/api/tickets").send({ eventId: event.id, quantity: 1, code: "LASTONE" })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const rows = await env.app.db.select().from(ticketPurchases).where(eq(ticketPurchases.eventId, event.id));
    expect(rows.reduce((sum, row) => sum + row.promoUses, 0)).toBe(3);
    expect((await eventRow(env.app, event.id)).availableTickets).toBe(37);
  });

  it("gives the uses back when an order is cancelled, or a held order is released unpaid", async () => {
    const event = await insertEvent(env.app, { ticketPrice: "10.00" });
    const code = await addCode(event.id, { code: "COMEBACK", amountOff: "5", maxUses: 1 }).expect(201);
    const uses = async () =>
      (await admin.get(`/api/events/${event.id}/promo-codes`)).body.find((c: { id: string }) => c.id === code.body.id)
        .uses as number;
    const held = await buyer
      .post("/api/tickets")
      .send({ eventId: event.id, quantity: 1, code: "COMEBACK" })
      .expect(201);
    expect(held.body.status).toBe("pending");
    expect(await uses()).toBe(1);
    await env.app.db
      .update(ticketPurchases)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketPurchases.id, held.body.id));
    await eventually(async () => (await orderRow(env.app, held.body.id)).status === "cancelled");
    expect(await uses()).toBe(0);

    const full = await addCode(event.id, { code: "FREEBIE", percentOff: 100, maxUses: 1 }).expect(201);
    const free = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1, code: "FREEBIE" }).expect(201);
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1, code: "FREEBIE" }).expect(400);
    await admin.post(`/api/tickets/${free.body.id}/cancel`).expect(200);
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1, code: "freebie" }).expect(201);
    expect(full.body.id).toBeDefined();
  });
});
