import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { ticketWaitlistEntries } from "@shared/ticket-waitlist.table";
import { createLogger } from "../../lib/logger";
import type { Agent } from "../../test/app-harness";
import { createTicketWaitlistService } from "./ticket-waitlist.service";
import { ADMIN_EMAIL, eventRow, eventually, insertEvent, setUpTicketsApp } from "./tickets.test-support";

// Card payments off: priced orders are confirmed at once, so a cancellation returns tickets now.
const env = setUpTicketsApp({ STRIPE_SECRET_KEY: "", STRIPE_PUBLISHABLE_KEY: "", WAITLIST_OFFER_HOURS: "2" });
let admin: Agent;
let buyer: Agent;

beforeAll(async () => {
  admin = await env.app.signIn(ADMIN_EMAIL);
  buyer = await env.app.signIn("buyer@fans.test");
});

/** An event of `total` tickets, all sold to the buyer in one order. */
async function soldOut(total = 2) {
  const event = await insertEvent(env.app, { totalTickets: total, availableTickets: total, ticketPrice: "10.00" });
  const order = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: total }).expect(201);
  return { event, order: order.body };
}

const join = (eventId: string, email: string, quantity = 1) =>
  env.app.agent().post(`/api/events/${eventId}/waitlist`).send({ email, quantity });

async function entry(email: string, eventId: string) {
  const [row] = await env.app.db
    .select()
    .from(ticketWaitlistEntries)
    .where(and(eq(ticketWaitlistEntries.email, email), eq(ticketWaitlistEntries.eventId, eventId)));
  return row;
}

async function messagesTo(email: string) {
  const rows = await env.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  return rows.map((row) => row.params as { kind: string; position?: number; removeLink: string; buyLink?: string });
}

describe("joining and leaving the waiting list", () => {
  it("takes anyone on a sold-out event in order, e-mails the position and a remove link, and refuses a second entry ignoring case and +tag", async () => {
    const open = await insertEvent(env.app);
    expect((await join(open.id, "early@fans.test").expect(409)).body.message).toBe(
      "This event is not sold out: buy tickets instead",
    );
    const { event } = await soldOut();
    expect((await join(event.id, "ana@fans.test").expect(201)).body).toEqual({ position: 1 });
    expect((await join(event.id, "bo@fans.test", 2).expect(201)).body).toEqual({ position: 2 });
    await join(event.id, "ANA+shows@Fans.test").expect(409);
    await join(event.id, "cy@fans.test", 11).expect(400);
    const [joined] = await messagesTo("ana@fans.test");
    expect(joined).toMatchObject({ kind: "joined", position: 1 });
    const token = new URL(joined.removeLink).pathname.split("/").pop()!;
    expect(new URL(joined.removeLink).pathname).toBe(`/waitlist/leave/${token}`);
    await env.app.agent().delete(`/api/waitlist/${token}`).expect(204);
    await env.app.agent().delete(`/api/waitlist/${token}`).expect(404);
    expect((await entry("ana@fans.test", event.id)).status).toBe("removed");
    // Left, the address may join again.
    await join(event.id, "ana@fans.test").expect(201);
  });
});

describe("offers", () => {
  it("offers returned tickets to the oldest entries that fit, holds them (the public still sees sold out), and the link buys them", async () => {
    const { event, order } = await soldOut(2);
    await join(event.id, "big@fans.test", 3).expect(201);
    await join(event.id, "pair@fans.test", 2).expect(201);
    await join(event.id, "solo@fans.test", 1).expect(201);
    await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);

    expect((await entry("big@fans.test", event.id)).status).toBe("waiting");
    const pair = await entry("pair@fans.test", event.id);
    expect(pair).toMatchObject({ status: "offered", heldTickets: 2 });
    const hours = (pair.offerExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    expect(await eventRow(env.app, event.id)).toMatchObject({ availableTickets: 0, status: "sold-out" });
    const offer = (await messagesTo("pair@fans.test")).find((m) => m.kind === "offer")!;
    expect(offer.buyLink).toContain(`waitlist-offer=${encodeURIComponent(pair.token)}`);

    const stranger = await env.app.signIn("stranger@fans.test");
    await stranger.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(409);
    const bought = await stranger
      .post("/api/tickets")
      .send({ eventId: event.id, quantity: 2, waitlistToken: pair.token })
      .expect(201);
    expect(bought.body.status).toBe("confirmed");
    expect(await entry("pair@fans.test", event.id)).toMatchObject({ status: "bought", orderId: bought.body.id });
    await stranger.post("/api/tickets").send({ eventId: event.id, quantity: 2, waitlistToken: pair.token }).expect(409);
    expect(await eventRow(env.app, event.id)).toMatchObject({ availableTickets: 0, status: "sold-out" });
  });

  it("moves an expired offer to the next in line (the job), and the admin list shows statuses and positions", async () => {
    const { event, order } = await soldOut(1);
    await join(event.id, "first@fans.test").expect(201);
    await join(event.id, "second@fans.test").expect(201);
    await admin.post(`/api/tickets/${order.id}/cancel`).expect(200);
    const first = await entry("first@fans.test", event.id);
    expect(first.status).toBe("offered");
    await env.app.db
      .update(ticketWaitlistEntries)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(ticketWaitlistEntries.id, first.id));
    await eventually(async () => (await entry("second@fans.test", event.id)).status === "offered");
    expect((await entry("first@fans.test", event.id)).status).toBe("expired");
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1, waitlistToken: first.token }).expect(409);
    const list = await admin.get(`/api/events/${event.id}/waitlist`).expect(200);
    expect(list.body.map((e: { email: string; status: string }) => [e.email, e.status])).toEqual([
      ["first@fans.test", "expired"],
      ["second@fans.test", "offered"],
    ]);
    expect(list.body[1].position).toBe(1);
    const csv = await admin.get(`/api/events/${event.id}/waitlist.csv`).expect(200);
    expect(csv.text).toContain("second@fans.test");
    // Removing the offered entry gives its ticket back: nobody else waits, so it is on sale.
    await admin.delete(`/api/waitlist-entries/${list.body[1].id}`).expect(204);
    expect(await eventRow(env.app, event.id)).toMatchObject({ availableTickets: 1, status: "on-sale" });
  });

  it("makes one offer however many instances sweep at once, lets an admin offer now, and offers nothing for a cancelled event", async () => {
    const { event } = await soldOut(2);
    await join(event.id, "one@fans.test", 2).expect(201);
    await join(event.id, "two@fans.test", 2).expect(201);
    // An administrator adds two tickets; four instances' sweeps find them at once.
    await admin.patch(`/api/events/${event.id}`).send({ totalTickets: 4 }).expect(200);
    const instances = Array.from({ length: 4 }, () =>
      createTicketWaitlistService(env.app.db, { appUrl: "http://x.test", offerHours: 24 }, createLogger("silent")),
    );
    await Promise.all(instances.map((instance) => instance.sweep()));
    const offered = await env.app.db
      .select()
      .from(ticketWaitlistEntries)
      .where(and(eq(ticketWaitlistEntries.eventId, event.id), eq(ticketWaitlistEntries.status, "offered")));
    expect(offered.map((row) => row.email)).toEqual(["one@fans.test"]);
    expect((await messagesTo("one@fans.test")).filter((m) => m.kind === "offer")).toHaveLength(1);
    expect(await eventRow(env.app, event.id)).toMatchObject({ availableTickets: 0 });

    const two = await entry("two@fans.test", event.id);
    await admin.post(`/api/waitlist-entries/${two.id}/offer`).expect(409);

    const { event: cancelled, order } = await soldOut(1);
    await join(cancelled.id, "late@fans.test").expect(201);
    await admin.post(`/api/events/${cancelled.id}/cancel`).expect(202);
    await eventually(async () => (await eventRow(env.app, cancelled.id)).availableTickets === 1);
    expect((await entry("late@fans.test", cancelled.id)).status).toBe("waiting");
    expect(order.id).toBeDefined();
  });
});
