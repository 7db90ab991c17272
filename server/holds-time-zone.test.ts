import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import { merchandise } from "@shared/merchandise.table";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { ticketPurchases } from "@shared/tickets.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { startTestApp, type Agent, type TestApp } from "./test/app-harness";
import { createTestDatabase } from "./test/database";
import {
  ADMIN_EMAIL,
  buyItem,
  insertMerchandise,
  insertTourDate,
  intentIdOf,
  STRIPE_TEST_ENV,
  vendorBookingData,
} from "./test/payments";
import { startStripeStandIn, type StripeStandIn } from "./test/stripe-stand-in";

// Checkout holds last ten minutes (docs/operations.md, "Limits against abuse"). Here the
// database's own TimeZone is New York's: rows stamped by now() must still be judged by the
// instant they were made, not by a wall time read as if it were UTC.

let app: TestApp;
let stripe: StripeStandIn;
let buyer: Agent;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  const database = await createTestDatabase({ timeZone: "America/New_York" });
  app = await startTestApp({
    database,
    env: {
      ADMIN_EMAILS: ADMIN_EMAIL,
      ...STRIPE_TEST_ENV,
      STRIPE_API_BASE: stripe.url,
      // The hold-release jobs run every second.
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
    },
    workers: true,
  });
  buyer = await app.signIn("holds@fans.test");
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

const sweeps = () => new Promise((resolve) => setTimeout(resolve, 2_500));

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each kind of hold, started through the API and aged in SQL from the database's own clock. */
const holds = {
  async merchandise() {
    const item = await insertMerchandise(app, { stockQuantity: 2 });
    const res = await buyItem(app, item.id, 1, "shirt@fans.test").expect(201);
    const id = res.body.orderId as string;
    return {
      age: (seconds: number) =>
        app.db
          .update(merchandiseOrders)
          .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
          .where(eq(merchandiseOrders.id, id)),
      state: async () => {
        const [order] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
        const [row] = await app.db.select().from(merchandise).where(eq(merchandise.id, item.id));
        return { status: order.paymentStatus, stock: row.stockQuantity };
      },
    };
  },

  async vendorBooking() {
    const tour = await insertTourDate(app);
    const data = vendorBookingData(tour.id, { vendorEmail: "tacos@food.test" });
    const res = await app
      .agent()
      .post("/api/create-vendor-payment-intent")
      .send({ amount: data.amount, vendorBookingData: data })
      .expect(201);
    const id = stripe.intents.get(intentIdOf(res.body.clientSecret))!.metadata.vendorBookingId;
    return {
      age: (seconds: number) =>
        app.db
          .update(vendorBookings)
          .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
          .where(eq(vendorBookings.id, id)),
      state: async () => {
        const [booking] = await app.db.select().from(vendorBookings).where(eq(vendorBookings.id, id));
        return { status: booking.paymentStatus };
      },
    };
  },

  async ticket() {
    const [event] = await app.db
      .insert(events)
      .values({
        name: "Hold Night",
        artist: "Nova Reign",
        venue: "Warehouse 9",
        date: "2031-07-14",
        time: "20:00",
        totalTickets: 5,
        availableTickets: 5,
        ticketPrice: "25.00",
        status: "on-sale",
        timeZone: "America/New_York",
      })
      .returning();
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    const id = res.body.id as string;
    return {
      // A ticket hold records when it ends: `seconds` into its ten minutes.
      age: (seconds: number) =>
        app.db
          .update(ticketPurchases)
          .set({ holdExpiresAt: sql`now() + make_interval(secs => ${600 - seconds})` })
          .where(eq(ticketPurchases.id, id)),
      state: async () => {
        const [order] = await app.db.select().from(ticketPurchases).where(eq(ticketPurchases.id, id));
        const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
        return { status: order.status, stock: row.availableTickets };
      },
    };
  },
};

describe("checkout holds in a database whose TimeZone is America/New_York", () => {
  it("stand at 75 seconds and at nine minutes fifty, and are released just past ten minutes", async () => {
    const merch = await holds.merchandise();
    const booking = await holds.vendorBooking();
    const ticket = await holds.ticket();
    const all = [merch, booking, ticket];

    await Promise.all(all.map((hold) => hold.age(75)));
    await sweeps();
    expect(await merch.state()).toEqual({ status: "pending", stock: 1 });
    expect(await booking.state()).toEqual({ status: "pending" });
    expect(await ticket.state()).toEqual({ status: "pending", stock: 3 });

    await Promise.all(all.map((hold) => hold.age(590)));
    await sweeps();
    expect((await merch.state()).status).toBe("pending");
    expect((await booking.state()).status).toBe("pending");
    expect((await ticket.state()).status).toBe("pending");

    await Promise.all(all.map((hold) => hold.age(601)));
    await eventually(async () => (await merch.state()).status === "failed");
    await eventually(async () => (await booking.state()).status === "expired");
    await eventually(async () => (await ticket.state()).status === "cancelled");
    expect(await merch.state()).toEqual({ status: "failed", stock: 2 });
    expect(await ticket.state()).toEqual({ status: "cancelled", stock: 5 });
  });

  it("are read back with the instant they were made", async () => {
    const before = Date.now();
    const merch = await holds.merchandise();
    const after = Date.now();
    const [order] = await app.db
      .select()
      .from(merchandiseOrders)
      .orderBy(sql`${merchandiseOrders.createdAt} desc`)
      .limit(1);
    expect(order.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(order.createdAt.getTime()).toBeLessThanOrEqual(after + 1_000);
    expect((await merch.state()).status).toBe("pending");
  });
});
