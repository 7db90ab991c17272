import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { ticketPurchases } from "@shared/tickets.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { startTestApp, type Agent, type TestApp } from "../test/app-harness";
import { captureLogger } from "../test/capture-logger";
import { buyItem, insertMerchandise, insertTourDate, STRIPE_TEST_ENV, vendorBookingData } from "../test/payments";
import { startStripeStandIn, type StripeStandIn } from "../test/stripe-stand-in";
import { eventRow, eventually, insertEvent, intentIdOf, orderRow } from "./tickets/tickets.test-support";

// The scheduled jobs that give abandoned checkouts back and cancel the orders of cancelled
// events, with what can go wrong in them: an administrator's stock edit, stock changed by hand,
// one order PostgreSQL refuses to change.

const ADMIN = "admin@jobs.test";
const { logger, lines } = captureLogger();
let app: TestApp;
let stripe: StripeStandIn;
let admin: Agent;
let buyer: Agent;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await startTestApp({
    env: {
      ADMIN_EMAILS: ADMIN,
      ...STRIPE_TEST_ENV,
      STRIPE_API_BASE: stripe.url,
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
    },
    logger,
    workers: true,
  });
  admin = await app.signIn(ADMIN);
  buyer = await app.signIn("buyer@jobs.test");
  // Stands for any fault one row can meet (a lock timeout, a constraint): PostgreSQL itself
  // refuses to change the status of the orders listed here.
  await app.db.execute(sql`
    create table refused_orders (id varchar primary key);
    create function refuse_listed_order() returns trigger language plpgsql as $$
    begin
      if new.status is distinct from old.status and exists (select 1 from refused_orders where id = old.id) then
        raise exception 'order % is refused by the test', old.id;
      end if;
      return new;
    end $$;
    create trigger refuse_listed_ticket before update on ticket_purchases
      for each row execute function refuse_listed_order()`);
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

/** A held (unpaid) ticket order of the buyer's. */
async function hold(eventId: string, quantity = 2): Promise<string> {
  const res = await buyer.post("/api/tickets").send({ eventId, quantity }).expect(201);
  expect(res.body.status).toBe("pending");
  return res.body.id;
}

/** A ticket order paid by card, as the browser confirms it. */
async function paidOrder(eventId: string, quantity = 1): Promise<string> {
  const res = await buyer.post("/api/tickets").send({ eventId, quantity }).expect(201);
  const intentId = intentIdOf(res.body.clientSecret);
  stripe.succeed(intentId);
  await buyer.post("/api/tickets/complete").send({ paymentIntentId: intentId }).expect(200);
  return res.body.id;
}

async function expireHold(orderId: string) {
  await app.db
    .update(ticketPurchases)
    .set({ holdExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(ticketPurchases.id, orderId));
}

/** A vendor booking started and left unpaid past its ten minutes. */
async function abandonedVendorBooking(vendorEmail: string): Promise<string> {
  const tour = await insertTourDate(app);
  const data = vendorBookingData(tour.id, { vendorEmail });
  await app.agent().post("/api/create-vendor-payment-intent").send({ amount: data.amount, vendorBookingData: data });
  const [booking] = await app.db
    .update(vendorBookings)
    .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
    .where(eq(vendorBookings.vendorEmail, vendorEmail))
    .returning();
  return booking.id;
}

/** A merchandise checkout started and left unpaid past its ten minutes. */
async function abandonedMerchandiseOrder(customerEmail: string): Promise<string> {
  const item = await insertMerchandise(app, { stockQuantity: 5 });
  const res = await buyItem(app, item.id, 1, customerEmail).expect(201);
  await app.db
    .update(merchandiseOrders)
    .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
    .where(eq(merchandiseOrders.id, res.body.orderId));
  return res.body.orderId;
}

async function vendorStatus(id: string) {
  const [row] = await app.db.select().from(vendorBookings).where(eq(vendorBookings.id, id));
  return row.paymentStatus;
}

async function merchandiseStatus(id: string) {
  const [row] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
  return row.paymentStatus;
}

function loggedFailure(what: string, id: string): boolean {
  return lines.some((line) => line.id === id && String(line.msg).startsWith(`${what} failed`));
}

describe("an administrator's stock edit", () => {
  it("cannot make held or sold tickets available again, so the hold's release and a cancel still work", async () => {
    const event = await insertEvent(app, { totalTickets: 20, availableTickets: 20 });
    const held = await hold(event.id, 2);
    const paid = await paidOrder(event.id, 3);
    const vendor = await abandonedVendorBooking("late@jobs.test");

    const refused = await admin.patch(`/api/events/${event.id}`).send({ availableTickets: 20 }).expect(409);
    const message = "Only 15 tickets can be available: 5 of 20 are sold or held for payment";
    expect(refused.body).toEqual({ message, fieldErrors: { availableTickets: [message] } });
    expect(await eventRow(app, event.id)).toMatchObject({ totalTickets: 20, availableTickets: 15 });
    await admin.patch(`/api/events/${event.id}`).send({ availableTickets: 15 }).expect(200);

    await expireHold(held);
    await eventually(async () => (await orderRow(app, held)).status === "cancelled");
    await eventually(async () => (await vendorStatus(vendor)) === "expired");
    expect((await eventRow(app, event.id)).availableTickets).toBe(17);
    await admin.post(`/api/tickets/${paid}/cancel`).expect(200);
    expect((await eventRow(app, event.id)).availableTickets).toBe(20);
  });
});

describe("stock changed by hand past what the orders leave", () => {
  it("takes tickets back only up to the total, and neither stops the holds job nor fails a cancel", async () => {
    const event = await insertEvent(app, { totalTickets: 10, availableTickets: 10 });
    const held = await hold(event.id, 2);
    const paid = await paidOrder(event.id, 1);
    const vendor = await abandonedVendorBooking("by-hand@jobs.test");
    await app.db.update(events).set({ availableTickets: 10 }).where(eq(events.id, event.id));

    await expireHold(held);
    await eventually(async () => (await orderRow(app, held)).status === "cancelled");
    await eventually(async () => (await vendorStatus(vendor)) === "expired");
    await admin.post(`/api/tickets/${paid}/cancel`).expect(200);
    expect((await eventRow(app, event.id)).availableTickets).toBe(10);
  });
});

describe("an order that cannot be changed", () => {
  it("is logged and tried again later in the holds job, and never stops the other holds or kinds of holds", async () => {
    const [first, second] = [await insertEvent(app), await insertEvent(app)];
    const stuck = await hold(first.id, 2);
    const other = await hold(second.id, 2);
    const vendor = await abandonedVendorBooking("other-kind@jobs.test");
    const merchandise = await abandonedMerchandiseOrder("shirt@jobs.test");
    await app.db.execute(sql`insert into refused_orders values (${stuck})`);

    await Promise.all([expireHold(stuck), expireHold(other)]);
    await eventually(async () => (await orderRow(app, other)).status === "cancelled");
    await eventually(async () => (await vendorStatus(vendor)) === "expired");
    await eventually(async () => (await merchandiseStatus(merchandise)) === "failed");
    await eventually(async () => loggedFailure("releasing an expired ticket hold", stuck));
    expect((await orderRow(app, stuck)).status).toBe("pending");
    expect((await eventRow(app, first.id)).availableTickets).toBe(18);

    await app.db.execute(sql`delete from refused_orders where id = ${stuck}`);
    await eventually(async () => (await orderRow(app, stuck)).status === "cancelled");
    expect((await eventRow(app, first.id)).availableTickets).toBe(20);
  });

  it("is logged and tried again later when its event is cancelled, and never stops the other orders or refunds", async () => {
    const event = await insertEvent(app);
    const stuck = await paidOrder(event.id, 1);
    const other = await paidOrder(event.id, 2);
    await app.db.execute(sql`insert into refused_orders values (${stuck})`);
    const refunded = (orderId: string) => async () => {
      const { paymentIntentId } = await orderRow(app, orderId);
      return stripe.refunds.some((refund) => refund.payment_intent === paymentIntentId);
    };

    await admin.post(`/api/events/${event.id}/cancel`).expect(202);
    await eventually(async () => (await orderRow(app, other)).status === "cancelled");
    await eventually(refunded(other));
    await eventually(async () => loggedFailure("cancelling an order of a cancelled event", stuck));
    expect((await orderRow(app, stuck)).status).toBe("confirmed");

    await app.db.execute(sql`delete from refused_orders where id = ${stuck}`);
    await eventually(async () => (await orderRow(app, stuck)).status === "cancelled");
    await eventually(refunded(stuck));
  });
});
