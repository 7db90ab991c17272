import ical from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayInZone } from "@shared/zoned-time";
import { signedTokens } from "../../lib/signed-token";
import { signTicket } from "../../lib/ticket-tokens";
import { pdfPageCount, pdfText } from "../../test/pdf-text";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { ADMIN_EMAIL, eventRow, insertEvent, SESSION_SECRET } from "./tickets.test-support";

// Card payments are not configured here: every order is confirmed at once.
let app: TestApp;
let buyer: Agent;
let stranger: Agent;
let admin: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, SESSION_SECRET } });
  buyer = await app.signIn("buyer@fans.test", "Ada Lovelace");
  stranger = await app.signIn("stranger@fans.test");
  admin = await app.signIn(ADMIN_EMAIL);
});
afterAll(async () => {
  await app?.close();
});

/** Supertest keeps binary answers as Buffers only when asked to. */
function binary(res: NodeJS.ReadableStream, done: (err: Error | null, body: unknown) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}

describe("the per-order cap", () => {
  it("refuses more tickets than the event allows in one order with 400, and sells up to it", async () => {
    const event = await insertEvent(app, { maxPerOrder: 4 });
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 5 }).expect(400);
    expect(res.body.message).toBe("You can buy at most 4 tickets in one order");
    expect((await eventRow(app, event.id)).availableTickets).toBe(20);
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 4 }).expect(201);
    expect((await eventRow(app, event.id)).availableTickets).toBe(16);
  });

  it("allows ten tickets per order unless an administrator says otherwise", async () => {
    const event = await insertEvent(app);
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 11 }).expect(400);
    expect(res.body.message).toBe("You can buy at most 10 tickets in one order");
  });
});

describe("ticket documents", () => {
  it("gives the owner and administrators the PDF ticket and the calendar invitation, and anyone else 404", async () => {
    const event = await insertEvent(app, {
      name: "Neon Nights",
      ticketPrice: "12.00",
      date: "2031-03-14",
      time: "20:00",
    });
    const { body: order } = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    expect(order.status).toBe("confirmed");

    for (const reader of [buyer, admin]) {
      const pdf = await reader
        .get(`/api/tickets/${order.id}/pdf`)
        .buffer(true)
        .parse(binary as never)
        .expect(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.headers["content-disposition"]).toBe('attachment; filename="ticket-neon-nights.pdf"');
      expect((pdf.body as Buffer).subarray(0, 4).toString()).toBe("%PDF");
    }
    const ics = await buyer.get(`/api/tickets/${order.id}/calendar.ics`).expect(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    const [entry] = Object.values(ical.sync.parseICS(ics.text)).filter((c) => c?.type === "VEVENT");
    expect(entry).toMatchObject({ summary: "Neon Nights — Marisol Vega", location: "The Blue Lantern" });
    expect(String((entry as { description: string }).description)).toContain(`2 tickets for Ada Lovelace`);

    await stranger.get(`/api/tickets/${order.id}/pdf`).expect(404);
    await stranger.get(`/api/tickets/${order.id}/calendar.ics`).expect(404);
    await app.agent().get(`/api/tickets/${order.id}/pdf`).expect(401);
    await buyer.get("/api/tickets/not-an-id/pdf").expect(404);

    await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);
    await buyer.get(`/api/tickets/${order.id}/pdf`).expect(404);
  });

  it("lists each ticket of the owner's orders with its own code and the signed token its QR code shows, and none on cancelled orders", async () => {
    const event = await insertEvent(app, { ticketPrice: "0.00" });
    const kept = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 3 }).expect(201);
    const dropped = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
    await admin.post(`/api/tickets/${dropped.body.id}/cancel`).expect(200);
    const { body } = await buyer.get("/api/tickets/my").expect(200);
    const byId = new Map(body.map((t: { id: string }) => [t.id, t]));
    const tokens = signedTokens(SESSION_SECRET, "ticket");
    const code = kept.body.confirmationCode;
    expect(byId.get(kept.body.id)).toMatchObject({
      status: "confirmed",
      tickets: [1, 2, 3].map((position) => ({
        position,
        code: `${code}-${position}`,
        qrToken: signTicket(tokens, kept.body.id, position),
        checkedInAt: null,
      })),
    });
    expect(byId.get(dropped.body.id)).toMatchObject({ status: "cancelled", tickets: [] });
    expect(body[0].paymentIntentId).toBeUndefined();
  });

  it("admits at the door by each QR token My Tickets shows, and tells the buyer when each was used, not which admin", async () => {
    // The door admits only on the event's day at its venue.
    const today = dayInZone(new Date(), "UTC");
    const event = await insertEvent(app, { ticketPrice: "0.00", date: today, timeZone: "UTC" });
    const order = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    const before = await buyer.get("/api/tickets/my").expect(200);
    const ticket = before.body.find((t: { id: string }) => t.id === order.body.id);
    const scan = await admin.post("/api/check-ins").send({ code: ticket.tickets[1].qrToken }).expect(200);
    expect(scan.body).toMatchObject({
      result: "admitted",
      ticket: { confirmationCode: order.body.confirmationCode, position: 2 },
    });
    const after = await buyer.get("/api/tickets/my").expect(200);
    const used = after.body.find((t: { id: string }) => t.id === order.body.id);
    expect(used.status).toBe("confirmed");
    expect(used.tickets[0].checkedInAt).toBeNull();
    expect(Date.parse(used.tickets[1].checkedInAt)).not.toBeNaN();
    expect(JSON.stringify(used)).not.toContain("checkedInBy");
    expect(order.body).not.toHaveProperty("checkedInBy");
  });

  it("prints one page per ticket, each with its number and its own code", async () => {
    const event = await insertEvent(app, { name: "Three Pages", ticketPrice: "0.00" });
    const { body: order } = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 3 }).expect(201);
    const pdf = await buyer
      .get(`/api/tickets/${order.id}/pdf`)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    const text = pdfText(pdf.body as Buffer);
    expect(pdfPageCount(pdf.body as Buffer)).toBe(3);
    for (const position of [1, 2, 3]) {
      expect(text).toContain(`${position} of 3 · admits one`);
      expect(text).toContain(`${order.confirmationCode}-${position}`);
    }
  });
});
