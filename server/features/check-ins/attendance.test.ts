import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { checkInFactories } from "./check-ins.test-support";

let app: TestApp;
let admin: Agent;
let member: Agent;
let make: ReturnType<typeof checkInFactories>;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: "door@x.test" } });
  admin = await app.signIn("door@x.test", "Dana Door");
  member = await app.signIn("ana.buyer@x.test", "Ana Buyer");
  await app.signIn("ana.other@x.test", "Ana Other");
  await app.signIn("bo@x.test");
  make = checkInFactories(app.db);
});
afterAll(() => app?.close());

/** supertest keeps a CSV download as text. */
const csvOf = (path: string) =>
  admin
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => done(null, text));
    });

describe("GET /api/events/{id}/check-in-summary", () => {
  it("counts sold and checked-in tickets by quantity, leaving out cancelled, refunded and held ones", async () => {
    const event = await make.event();
    await make.ticket(event.id, "ana.buyer@x.test", { quantity: 3 });
    await make.ticket(event.id, "bo@x.test", { quantity: 2, status: "used", checkedInAt: new Date() });
    for (const status of ["cancelled", "refunded", "pending"])
      await make.ticket(event.id, "bo@x.test", { quantity: 5, status });
    await make.ticket((await make.event()).id, "bo@x.test", { quantity: 7 });

    const res = await admin.get(`/api/events/${event.id}/check-in-summary`).expect(200);

    expect(res.body).toEqual({ eventId: event.id, soldTickets: 5, checkedInTickets: 2 });
  });

  it("counts each ticket of an order admitted one by one, on the event's line and in the list", async () => {
    const event = await make.event();
    const order = await make.ticket(event.id, "ana.buyer@x.test", { quantity: 3 });
    await make.ticket(event.id, "bo@x.test", { quantity: 2 });
    const counts = async () => [
      (await admin.get(`/api/events/${event.id}/check-in-summary`).expect(200)).body,
      (await admin.get("/api/events/check-in-summaries").expect(200)).body.find(
        (row: { eventId: string }) => row.eventId === event.id,
      ),
    ];
    expect(await counts()).toEqual(Array(2).fill({ eventId: event.id, soldTickets: 5, checkedInTickets: 0 }));

    await admin.post("/api/check-ins").send({ code: order.confirmationCode }).expect(200);
    await admin
      .post("/api/check-ins")
      .send({ code: `${order.confirmationCode}-3` })
      .expect(200);

    expect(await counts()).toEqual(Array(2).fill({ eventId: event.id, soldTickets: 5, checkedInTickets: 2 }));
  });

  it("answers zeros for an event with no tickets, 404 for no such event, and is admin-only", async () => {
    const event = await make.event();
    expect((await admin.get(`/api/events/${event.id}/check-in-summary`).expect(200)).body).toMatchObject({
      soldTickets: 0,
      checkedInTickets: 0,
    });
    await admin.get(`/api/events/${crypto.randomUUID()}/check-in-summary`).expect(404);
    await app.agent().get(`/api/events/${event.id}/check-in-summary`).expect(401);
    await member.get(`/api/events/${event.id}/check-in-summary`).expect(403);
  });

  it("lists every event's counts in one answer", async () => {
    const event = await make.event();
    await make.ticket(event.id, "bo@x.test", { quantity: 4, status: "used" });
    const res = await admin.get("/api/events/check-in-summaries").expect(200);
    expect(res.body).toContainEqual({ eventId: event.id, soldTickets: 4, checkedInTickets: 4 });
    await member.get("/api/events/check-in-summaries").expect(403);
  });
});

describe("GET /api/check-ins/search", () => {
  it("finds orders by the start of the buyer's e-mail, in any case, optionally for one event", async () => {
    const [door, other] = [await make.event({ name: "Search Night" }), await make.event({ name: "Elsewhere" })];
    const mine = await make.ticket(door.id, "ana.buyer@x.test", { quantity: 2 });
    const theirs = await make.ticket(door.id, "ana.other@x.test");
    await make.ticket(other.id, "ana.buyer@x.test");
    await make.ticket(door.id, "ana.buyer@x.test", { status: "pending" });

    const res = await admin.get("/api/check-ins/search").query({ q: " ANA.B ", eventId: door.id }).expect(200);
    expect(res.body).toEqual([
      {
        confirmationCode: mine.confirmationCode,
        holderName: "Ana Buyer",
        email: "ana.buyer@x.test",
        quantity: 2,
        checkedIn: 0,
        status: "confirmed",
        eventName: "Search Night",
        checkedInAt: null,
      },
    ]);
    const both = await admin.get("/api/check-ins/search").query({ q: "ana", eventId: door.id }).expect(200);
    expect(both.body.map((r: { confirmationCode: string }) => r.confirmationCode).sort()).toEqual(
      [mine.confirmationCode, theirs.confirmationCode].sort(),
    );
  });

  it("says how many of an order's tickets were admitted and when the last was, and gives no name for a buyer without one", async () => {
    const event = await make.event();
    const order = await make.ticket(event.id, "bo@x.test", { quantity: 3 });
    await admin.post("/api/check-ins").send({ code: order.confirmationCode }).expect(200);
    const scanned = await admin.post("/api/check-ins").send({ code: order.confirmationCode }).expect(200);
    expect(scanned.body.ticket.checkedIn).toBe(2);

    const res = await admin.get("/api/check-ins/search").query({ q: "bo@", eventId: event.id }).expect(200);

    expect(res.body).toEqual([
      expect.objectContaining({ holderName: null, email: "bo@x.test", quantity: 3, checkedIn: 2 }),
    ]);
    expect(Date.parse(res.body[0].checkedInAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("reads % and _ literally, returns at most 20 rows, refuses an empty query and is admin-only", async () => {
    const event = await make.event();
    for (let i = 0; i < 25; i++) await make.ticket(event.id, "bo@x.test");
    expect((await admin.get("/api/check-ins/search").query({ q: "%" }).expect(200)).body).toEqual([]);
    expect((await admin.get("/api/check-ins/search").query({ q: "b_" }).expect(200)).body).toEqual([]);
    expect((await admin.get("/api/check-ins/search").query({ q: "bo@" }).expect(200)).body).toHaveLength(20);
    const empty = await admin.get("/api/check-ins/search").query({ q: "  " }).expect(400);
    expect(empty.body.message).toBe("Invalid query: q: Required");
    await admin.get("/api/check-ins/search").query({ q: "bo", eventId: "nope" }).expect(400);
    await member.get("/api/check-ins/search").query({ q: "bo" }).expect(403);
    await app.agent().get("/api/check-ins/search").query({ q: "bo" }).expect(401);
  });
});

describe("GET /api/events/{id}/attendees.csv", () => {
  it("downloads the event's tickets as CSV with a safe file name, quoting and formula guard", async () => {
    const event = await make.event({ name: 'Harbor "Lights" / Night', date: "2027-03-14" });
    await app.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil")', lastName: "Vega, Jr." })
      .where(eq(users.email, "bo@x.test"));
    const first = await make.ticket(event.id, "bo@x.test", {
      quantity: 2,
      status: "used",
      checkedInAt: new Date("2027-03-14T20:05:00Z"),
      purchaseDate: new Date("2027-01-01T00:00:00Z"),
    });
    const second = await make.ticket(event.id, "ana.buyer@x.test", { purchaseDate: new Date("2027-01-02T00:00:00Z") });
    await make.ticket(event.id, "ana.buyer@x.test", { status: "pending" });

    const res = await csvOf(`/api/events/${event.id}/attendees.csv`).expect(200);

    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="attendees-harbor-lights-night-2027-03-14.csv"',
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const name = `"'=HYPERLINK(""http://evil"") Vega, Jr."`;
    expect(res.body).toBe(
      "\uFEFFticket code,ticket,order code,buyer name,buyer e-mail,status,checked-in time,code,discount\r\n" +
        `${first.confirmationCode}-1,1 of 2,${first.confirmationCode},${name},bo@x.test,used,2027-03-14T20:05:00.000Z,,\r\n` +
        `${first.confirmationCode}-2,2 of 2,${first.confirmationCode},${name},bo@x.test,used,2027-03-14T20:05:00.000Z,,\r\n` +
        `${second.confirmationCode}-1,1 of 1,${second.confirmationCode},Ana Buyer,ana.buyer@x.test,confirmed,,,\r\n`,
    );
  });

  it("leaves abandoned checkouts out of the CSV and the door's search, and keeps cancelled tickets", async () => {
    const event = await make.event({ name: "Abandoned Carts" });
    const kept = await make.ticket(event.id, "ana.other@x.test", { purchaseDate: new Date("2027-01-01T00:00:00Z") });
    const cancelled = await make.ticket(event.id, "ana.other@x.test", {
      status: "cancelled",
      cancelReason: "admin",
      purchaseDate: new Date("2027-01-02T00:00:00Z"),
    });
    // A hold still waiting for its card, and one released unpaid by the holds job.
    await make.ticket(event.id, "ana.other@x.test", { status: "pending" });
    await make.ticket(event.id, "ana.other@x.test", { status: "cancelled", cancelReason: "expired" });

    const csv = await csvOf(`/api/events/${event.id}/attendees.csv`).expect(200);
    expect(csv.body.split("\r\n").slice(1, -1)).toEqual([
      `${kept.confirmationCode}-1,1 of 1,${kept.confirmationCode},Ana Other,ana.other@x.test,confirmed,,,`,
      `${cancelled.confirmationCode}-1,1 of 1,${cancelled.confirmationCode},Ana Other,ana.other@x.test,cancelled,,,`,
    ]);
    const found = await admin.get("/api/check-ins/search").query({ q: "ana.other", eventId: event.id }).expect(200);
    expect(found.body.map((row: { confirmationCode: string }) => row.confirmationCode).sort()).toEqual(
      [kept.confirmationCode, cancelled.confirmationCode].sort(),
    );
  });

  it("gives one line per ticket, each used when it was admitted", async () => {
    const event = await make.event({ name: "Per Ticket" });
    const order = await make.ticket(event.id, "ana.buyer@x.test", { quantity: 3 });
    await admin
      .post("/api/check-ins")
      .send({ code: `${order.confirmationCode}-2` })
      .expect(200);

    const csv = await csvOf(`/api/events/${event.id}/attendees.csv`).expect(200);

    const lines = csv.body.split("\r\n").slice(1, -1);
    expect(lines.map((line: string) => line.split(",").slice(0, 2).concat(line.split(",")[5]))).toEqual([
      [`${order.confirmationCode}-1`, "1 of 3", "confirmed"],
      [`${order.confirmationCode}-2`, "2 of 3", "used"],
      [`${order.confirmationCode}-3`, "3 of 3", "confirmed"],
    ]);
    expect(Date.parse(lines[1].split(",")[6])).not.toBeNaN();
  });

  it("answers 404 for no such event and is admin-only", async () => {
    const event = await make.event();
    await admin.get(`/api/events/${crypto.randomUUID()}/attendees.csv`).expect(404);
    await member.get(`/api/events/${event.id}/attendees.csv`).expect(403);
    await app.agent().get(`/api/events/${event.id}/attendees.csv`).expect(401);
  });
});
