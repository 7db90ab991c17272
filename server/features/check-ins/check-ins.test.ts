import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketScans } from "@shared/check-ins.table";
import { ticketPurchases } from "@shared/tickets.table";
import { signedTokens } from "../../lib/signed-token";
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

describe("POST /api/check-ins", () => {
  it("admits a confirmed ticket by its typed code, in any case, with spaces or dashes, and says for whom", async () => {
    const event = await make.event({ name: "Harbor Lights" });
    const ticket = await make.ticket(event.id, "fan@x.test", { quantity: 3 });
    const typed = `${ticket.confirmationCode.slice(0, 5).toLowerCase()} - ${ticket.confirmationCode.slice(5)}`;

    const res = await scan({ code: typed });

    expect(res.body).toEqual({
      result: "admitted",
      ticket: expect.objectContaining({
        eventName: "Harbor Lights",
        quantity: 3,
        holderName: "Frankie Fan",
        status: "used",
      }),
    });
    const row = await purchaseRow(ticket.id);
    expect(row.status).toBe("used");
    expect(row.checkedInAt).toBeInstanceOf(Date);
    expect(row.checkedInBy).toBe(await make.userId("door@x.test"));
  });

  it("admits a scanned signed QR token", async () => {
    const event = await make.event();
    const ticket = await make.ticket(event.id, "fan@x.test");
    const res = await scan({ code: tokens.sign(ticket.id), eventId: event.id });
    expect(res.body.result).toBe("admitted");
  });

  it("answers already-used with when and by whom on the second scan, and admits nothing more", async () => {
    const ticket = await make.ticket((await make.event()).id, "fan@x.test");
    await scan({ code: ticket.confirmationCode });
    const first = await purchaseRow(ticket.id);

    const res = await scan({ code: tokens.sign(ticket.id) });

    expect(res.body).toMatchObject({
      result: "already-used",
      checkedInAt: first.checkedInAt!.toISOString(),
      checkedInBy: "Dana Door",
    });
    expect((await purchaseRow(ticket.id)).checkedInAt).toEqual(first.checkedInAt);
  });

  it("admits exactly one of 20 simultaneous scans of the same ticket; the other 19 read already-used", async () => {
    const ticket = await make.ticket((await make.event()).id, "fan@x.test");
    const token = tokens.sign(ticket.id);
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
    expect((await purchaseRow(ticket.id)).status).toBe("confirmed");
  });

  it("answers cancelled for a cancelled or refunded ticket, with its status, and does not admit it", async () => {
    const event = await make.event();
    for (const status of ["cancelled", "refunded"]) {
      const ticket = await make.ticket(event.id, "fan@x.test", { status });
      const res = await scan({ code: ticket.confirmationCode, eventId: event.id });
      expect(res.body).toMatchObject({ result: "cancelled", ticket: { status } });
      expect((await purchaseRow(ticket.id)).status).toBe(status);
    }
  });

  it("refuses a ticket whose event is cancelled, saying so, whether or not the door chose the event", async () => {
    const event = await make.event({ name: "Called Off", status: "cancelled" });
    const ticket = await make.ticket(event.id, "fan@x.test");
    for (const body of [{ code: ticket.confirmationCode }, { code: tokens.sign(ticket.id), eventId: event.id }]) {
      const res = await scan(body);
      expect(res.body).toMatchObject({ result: "event-cancelled", ticket: { eventName: "Called Off" } });
    }
    expect((await purchaseRow(ticket.id)).status).toBe("confirmed");
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
      expect((await purchaseRow(ticket.id)).status).toBe("confirmed");
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
    expect((await purchaseRow(real.id)).status).toBe("confirmed");
    expect((await purchaseRow(pending.id)).status).toBe("pending");
  });

  it("logs every scan with its ticket, event, code as typed (cut short) and scanner", async () => {
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
    expect((await purchaseRow(ticket.id)).status).toBe("confirmed");
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
    expect((await purchaseRow(ticket.id)).status).toBe("confirmed");
  });
});
