import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketScans } from "@shared/check-ins.table";
import { issuedTickets, ticketPurchases } from "@shared/tickets.table";
import { signedTokens } from "../../lib/signed-token";
import { signTicket } from "../../lib/ticket-tokens";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { checkInFactories, venueDay } from "./check-ins.test-support";

const SECRET = "check-in-test-session-secret-0123456789";
const tokens = signedTokens(SECRET, "ticket");

let app: TestApp;
let admin: Agent;
let member: Agent;
let make: ReturnType<typeof checkInFactories>;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: "door@x.test", SESSION_SECRET: SECRET } });
  admin = await app.signIn("door@x.test", "Dana Door");
  member = await app.signIn("fan@x.test", "Frankie Fan");
  make = checkInFactories(app.db);
});
afterAll(() => app?.close());

const scan = (body: object) => admin.post("/api/check-ins").send(body).expect(200);

async function purchaseRow(id: string) {
  const [row] = await app.db.select().from(ticketPurchases).where(eq(ticketPurchases.id, id));
  return row;
}

/** How many of the order's tickets were admitted. */
async function admittedTickets(orderId: string) {
  return (await ticketRows(orderId)).filter((t) => t.checkedInAt !== null).length;
}

/** The order's tickets, first to last. */
function ticketRows(orderId: string) {
  return app.db
    .select()
    .from(issuedTickets)
    .where(eq(issuedTickets.orderId, orderId))
    .orderBy(asc(issuedTickets.position));
}

describe("POST /api/check-ins", () => {
  it("admits one ticket of an order per scan of its typed code, in any case, with spaces or dashes, saying for whom and how many are left", async () => {
    const event = await make.event({ name: "Harbor Lights" });
    const order = await make.ticket(event.id, "fan@x.test", { quantity: 3 });
    const typed = `${order.confirmationCode.slice(0, 5).toLowerCase()} - ${order.confirmationCode.slice(5)}`;

    const res = await scan({ code: typed });

    expect(res.body).toEqual({
      result: "admitted",
      ticket: expect.objectContaining({
        confirmationCode: order.confirmationCode,
        position: 1,
        ticketCode: `${order.confirmationCode}-1`,
        eventName: "Harbor Lights",
        quantity: 3,
        checkedIn: 1,
        holderName: "Frankie Fan",
        status: "confirmed",
      }),
    });
    const tickets = await ticketRows(order.id);
    expect(tickets.map((t) => t.checkedInAt !== null)).toEqual([true, false, false]);
    expect(tickets[0].checkedInBy).toBe(await make.userId("door@x.test"));
    expect((await purchaseRow(order.id)).status).toBe("confirmed");
  });

  it("admits a 3-ticket order's people one by one by its code, then says every ticket was used", async () => {
    const order = await make.ticket((await make.event()).id, "fan@x.test", { quantity: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await scan({ code: order.confirmationCode })).body);

    expect(answers.slice(0, 3).map((a) => [a.result, a.ticket.position, a.ticket.checkedIn])).toEqual([
      ["admitted", 1, 1],
      ["admitted", 2, 2],
      ["admitted", 3, 3],
    ]);
    const third = (await ticketRows(order.id))[2];
    expect(answers[3]).toMatchObject({
      result: "already-used",
      ticket: { position: 3, checkedIn: 3, quantity: 3 },
      checkedInAt: third.checkedInAt!.toISOString(),
      checkedInBy: "Dana Door",
    });
  });

  it("admits each ticket by its own QR code or typed ticket code exactly once, in any order", async () => {
    const event = await make.event();
    const order = await make.ticket(event.id, "fan@x.test", { quantity: 3 });

    const second = await scan({ code: signTicket(tokens, order.id, 2), eventId: event.id });
    expect(second.body).toMatchObject({ result: "admitted", ticket: { position: 2, checkedIn: 1 } });
    const again = await scan({ code: `${order.confirmationCode.toLowerCase()}-2` });
    expect(again.body).toMatchObject({
      result: "already-used",
      ticket: { position: 2, ticketCode: `${order.confirmationCode}-2` },
    });
    const third = await scan({ code: `${order.confirmationCode} 3` });
    expect(third.body).toMatchObject({ result: "admitted", ticket: { position: 3, checkedIn: 2 } });
    // The order's code takes the one ticket left.
    expect((await scan({ code: order.confirmationCode })).body).toMatchObject({
      ticket: { position: 1, checkedIn: 3 },
    });
    for (const code of [
      `${order.confirmationCode}-4`,
      `${order.confirmationCode}-0`,
      signTicket(tokens, order.id, 4),
    ]) {
      expect((await scan({ code })).body, code).toEqual({ result: "unknown" });
    }
  });

  it("still admits by a QR code of an earlier version, which holds the order's signed id: its next ticket", async () => {
    const event = await make.event();
    const order = await make.ticket(event.id, "fan@x.test", { quantity: 2 });
    const res = await scan({ code: tokens.sign(order.id), eventId: event.id });
    expect(res.body).toMatchObject({ result: "admitted", ticket: { position: 1, checkedIn: 1, quantity: 2 } });
  });

  it("answers already-used with when and by whom on the second scan, and admits nothing more", async () => {
    const order = await make.ticket((await make.event()).id, "fan@x.test");
    await scan({ code: order.confirmationCode });
    const [first] = await ticketRows(order.id);

    const res = await scan({ code: signTicket(tokens, order.id, 1) });

    expect(res.body).toMatchObject({
      result: "already-used",
      checkedInAt: first.checkedInAt!.toISOString(),
      checkedInBy: "Dana Door",
    });
    expect((await ticketRows(order.id))[0].checkedInAt).toEqual(first.checkedInAt);
  });

  it("reads every ticket of an order an earlier version admitted whole as already used, when and by whom it was", async () => {
    const admittedAt = new Date(Date.now() - 60_000);
    const order = await make.ticket((await make.event()).id, "fan@x.test", {
      quantity: 2,
      status: "used",
      checkedInAt: admittedAt,
      checkedInBy: await make.userId("door@x.test"),
    });
    for (const code of [order.confirmationCode, `${order.confirmationCode}-2`, signTicket(tokens, order.id, 1)]) {
      expect((await scan({ code })).body, code).toMatchObject({
        result: "already-used",
        checkedInAt: admittedAt.toISOString(),
        checkedInBy: "Dana Door",
        ticket: { checkedIn: 2 },
      });
    }
  });

  it("admits exactly three of 20 simultaneous scans of a 3-ticket order's code, each a different ticket", async () => {
    const order = await make.ticket((await make.event()).id, "fan@x.test", { quantity: 3 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => scan({ code: i % 2 ? tokens.sign(order.id) : order.confirmationCode })),
    );
    const admitted = responses.filter((r) => r.body.result === "admitted").map((r) => r.body.ticket.position);
    expect(admitted.sort()).toEqual([1, 2, 3]);
    expect(responses.filter((r) => r.body.result === "already-used")).toHaveLength(17);
    expect((await ticketRows(order.id)).every((t) => t.checkedInAt !== null)).toBe(true);
  });

  it("admits exactly one of 20 simultaneous scans of the same ticket; the other 19 read already-used", async () => {
    const ticket = await make.ticket((await make.event()).id, "fan@x.test");
    const token = signTicket(tokens, ticket.id, 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => scan({ code: i % 2 ? token : ticket.confirmationCode })),
    );
    const results = responses.map((r) => r.body.result);
    expect(results.filter((r) => r === "admitted")).toHaveLength(1);
    expect(results.filter((r) => r === "already-used")).toHaveLength(19);
    const log = await app.db.select().from(ticketScans).where(eq(ticketScans.purchaseId, ticket.id));
    expect(log.map((l) => l.result).sort()).toEqual(["admitted", ...Array(19).fill("already-used")]);
  });

  it("answers wrong-event, naming the ticket's event, and does not admit it", async () => {
    const [door, other] = [await make.event({ name: "Door Night" }), await make.event({ name: "Other Night" })];
    const ticket = await make.ticket(other.id, "fan@x.test");
    const res = await scan({ code: ticket.confirmationCode, eventId: door.id });
    expect(res.body).toMatchObject({ result: "wrong-event", ticket: { eventName: "Other Night", eventId: other.id } });
    expect(await admittedTickets(ticket.id)).toBe(0);
  });

  it("answers cancelled for a cancelled or refunded ticket, with its status, and does not admit it", async () => {
    const event = await make.event();
    for (const status of ["cancelled", "refunded"]) {
      const ticket = await make.ticket(event.id, "fan@x.test", { status });
      const res = await scan({ code: ticket.confirmationCode, eventId: event.id });
      expect(res.body).toMatchObject({ result: "cancelled", ticket: { status } });
      expect((await purchaseRow(ticket.id)).status).toBe(status);
      expect(await admittedTickets(ticket.id)).toBe(0);
    }
  });

  it("refuses a ticket whose event is cancelled, saying so, whether or not the door chose the event", async () => {
    const event = await make.event({ name: "Called Off", status: "cancelled" });
    const ticket = await make.ticket(event.id, "fan@x.test");
    for (const body of [{ code: ticket.confirmationCode }, { code: tokens.sign(ticket.id), eventId: event.id }]) {
      const res = await scan(body);
      expect(res.body).toMatchObject({ result: "event-cancelled", ticket: { eventName: "Called Off" } });
    }
    expect(await admittedTickets(ticket.id)).toBe(0);
  });

  it("refuses a ticket for an event on another day at its venue, naming its day, each event in its own zone", async () => {
    // UTC+14 and UTC-11 are 25 hours apart: their calendar days always differ.
    const [east, west] = ["Pacific/Kiritimati", "Pacific/Pago_Pago"];
    const refused = [
      await make.event({ name: "Tomorrow", date: venueDay(1) }),
      await make.event({ name: "Last Week", date: venueDay(-7) }),
      await make.event({ name: "Not Yet There", date: venueDay(0, east), timeZone: west }),
    ];
    for (const event of refused) {
      const ticket = await make.ticket(event.id, "fan@x.test");
      const res = await scan({ code: ticket.confirmationCode });
      expect(res.body, event.name).toMatchObject({
        result: "wrong-day",
        ticket: { eventName: event.name, eventDate: event.date, eventTime: "20:00" },
      });
      expect(await admittedTickets(ticket.id)).toBe(0);
    }
    const there = await make.event({ name: "Already There", date: venueDay(0, east), timeZone: east });
    const ticket = await make.ticket(there.id, "fan@x.test");
    expect((await scan({ code: ticket.confirmationCode })).body.result).toBe("admitted");
  });

  it("still admits a show's late arrivals in the first hours after midnight at its venue, and not later", async () => {
    // Venues whose clock now reads between 00:00 and 05:00, and between 08:00 and 22:00.
    const zones = Array.from({ length: 27 }, (_, i) => i - 12).map((hours) =>
      hours === 0 ? "Etc/UTC" : `Etc/GMT${hours > 0 ? "-" : "+"}${Math.abs(hours)}`,
    );
    const hourAt = (zone: string) =>
      Number(
        new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()),
      );
    const afterMidnight = zones.find((zone) => hourAt(zone) < 5)!;
    const daytime = zones.find((zone) => hourAt(zone) >= 8 && hourAt(zone) < 22)!;

    const lastNight = await make.event({ date: venueDay(-1, afterMidnight), timeZone: afterMidnight });
    const late = await make.ticket(lastNight.id, "fan@x.test");
    expect((await scan({ code: late.confirmationCode, eventId: lastNight.id })).body.result).toBe("admitted");
    const yesterday = await make.event({ date: venueDay(-1, daytime), timeZone: daytime });
    const tooLate = await make.ticket(yesterday.id, "fan@x.test");
    expect((await scan({ code: tooLate.confirmationCode })).body.result).toBe("wrong-day");
  });

  it("answers unknown for a code nobody holds, a held unpaid ticket, and a forged or altered token", async () => {
    const event = await make.event();
    const pending = await make.ticket(event.id, "fan@x.test", { status: "pending" });
    const released = await make.ticket(event.id, "fan@x.test", { status: "cancelled", cancelReason: "expired" });
    const real = await make.ticket(event.id, "fan@x.test");
    // The signature's first character carries whole bits (the last one only padding bits).
    const altered = tokens.sign(real.id).replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`);
    const forged = signedTokens("another-secret-entirely-0123456789abcdef", "ticket").sign(real.id);
    const invoiceToken = signedTokens(SECRET, "invoice").sign(real.id);
    const swappedId = `${pending.id}${tokens.sign(real.id).slice(real.id.length)}`;
    for (const code of [
      "ZZZZZZZZZZ",
      "hello",
      pending.confirmationCode,
      released.confirmationCode,
      altered,
      forged,
      invoiceToken,
      swappedId,
      `${real.id}.`,
    ]) {
      expect((await scan({ code })).body, code).toEqual({ result: "unknown" });
    }
    expect(await admittedTickets(real.id)).toBe(0);
    expect((await purchaseRow(pending.id)).status).toBe("pending");
  });

  it("logs every scan with its order and ticket, event, code as typed (cut short) and scanner", async () => {
    const event = await make.event();
    const ticket = await make.ticket(event.id, "fan@x.test");
    const long = `nothing-${"x".repeat(150)}`;
    await scan({ code: ` ${ticket.confirmationCode.toLowerCase()} ` });
    await scan({ code: long, eventId: event.id });
    const log = await app.db.select().from(ticketScans).where(eq(ticketScans.eventId, event.id));
    const scanner = await make.userId("door@x.test");
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          purchaseId: ticket.id,
          ticketPosition: 1,
          code: ticket.confirmationCode.toLowerCase(),
          result: "admitted",
          scannedBy: scanner,
        }),
        expect.objectContaining({ purchaseId: null, code: long.slice(0, 64), result: "unknown", scannedBy: scanner }),
      ]),
    );
  });

  it("refuses bad bodies with 400 and changes nothing", async () => {
    const ticket = await make.ticket((await make.event()).id, "fan@x.test");
    const before = (await app.db.select().from(ticketScans)).length;
    for (const body of [
      {},
      { code: "   " },
      { code: 42 },
      { code: "x".repeat(201) },
      { code: ticket.confirmationCode, eventId: "not-an-id" },
    ]) {
      const res = await admin.post("/api/check-ins").send(body).expect(400);
      expect(res.body.message).toMatch(/^Invalid body: /);
      expect(res.body.fieldErrors).toBeDefined();
    }
    expect((await app.db.select().from(ticketScans)).length).toBe(before);
    expect(await admittedTickets(ticket.id)).toBe(0);
  });

  it("is for administrators: 401 signed out, 403 for members, and a cross-site POST is refused", async () => {
    const ticket = await make.ticket((await make.event()).id, "fan@x.test");
    await app.agent().post("/api/check-ins").send({ code: ticket.confirmationCode }).expect(401);
    const forbidden = await member.post("/api/check-ins").send({ code: ticket.confirmationCode }).expect(403);
    expect(forbidden.body.message).toBe("Administrator access required");
    const crossSite = await admin
      .post("/api/check-ins")
      .set("Origin", "https://evil.example")
      .send({ code: ticket.confirmationCode })
      .expect(403);
    expect(crossSite.body.message).toBe("Cross-site request refused");
    expect(await admittedTickets(ticket.id)).toBe(0);
  });
});
