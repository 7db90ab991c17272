import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise } from "@shared/merchandise.table";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { eq } from "drizzle-orm";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { buyItem, insertMerchandise, insertTourDate, STRIPE_TEST_ENV, vendorBookingData } from "../../test/payments";

const BUSY = "The payment service is busy right now. Please try again in a moment.";
// Longer than the pool's 5 s wait for a free connection: a connection held across the Stripe
// call would starve every other request for longer than that.
const STRIPE_DELAY_MS = 6000;
const MAX_STRIPE_CALLS = 8;

let stripe: StripeStandIn;
let app: TestApp;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await startTestApp({
    env: { ...STRIPE_TEST_ENV, STRIPE_API_BASE: stripe.url, STRIPE_MAX_CONCURRENT: String(MAX_STRIPE_CALLS) },
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

async function waitFor(condition: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

describe("with Stripe answering slowly", () => {
  it("keeps health and members' routes answering: no connection waits on Stripe, and calls beyond the cap get a quick 503", async () => {
    const tour = await insertTourDate(app);
    const item = await insertMerchandise(app, { stockQuantity: 50 });
    const member = await app.signIn("patient@member.test");
    stripe.setDelay(STRIPE_DELAY_MS);

    // More anonymous bookings at once than the database pool has connections (20).
    const bookings = Array.from({ length: 25 }, (_, i) => {
      const data = vendorBookingData(tour.id, { vendorEmail: `vendor${i}@food.test` });
      return timed(() =>
        app.agent().post("/api/create-vendor-payment-intent").send({ amount: data.amount, vendorBookingData: data }),
      );
    });
    await waitFor(() => stripe.inFlight >= MAX_STRIPE_CALLS);

    const health = await timed(() => app.agent().get("/api/health"));
    expect(health.value.status).toBe(200);
    expect(health.ms).toBeLessThan(3000);
    const invoices = await timed(() => member.get("/api/invoices/my"));
    expect(invoices.value.status).toBe(200);
    expect(invoices.ms).toBeLessThan(3000);

    // The cap is shared by every Stripe call of this instance: a merchandise checkout is
    // refused at once too, and holds no stock.
    const checkout = await timed(() => buyItem(app, item.id, 2, "fan@label.test"));
    expect(checkout.value.status).toBe(503);
    expect(checkout.value.body).toEqual({ message: BUSY });
    expect(checkout.ms).toBeLessThan(3000);
    const [row] = await app.db
      .select({ stock: merchandise.stockQuantity })
      .from(merchandise)
      .where(eq(merchandise.id, item.id));
    expect(row.stock).toBe(50);
    expect(
      await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, "fan@label.test")),
    ).toHaveLength(0);
    expect(stripe.inFlight).toBe(MAX_STRIPE_CALLS);

    const answers = await Promise.all(bookings);
    const created = answers.filter((a) => a.value.status === 201);
    const refused = answers.filter((a) => a.value.status === 503);
    expect(created).toHaveLength(MAX_STRIPE_CALLS);
    expect(refused).toHaveLength(25 - MAX_STRIPE_CALLS);
    for (const answer of refused) {
      expect(answer.value.body).toEqual({ message: BUSY });
      expect(answer.value.headers["retry-after"]).toBeDefined();
      expect(answer.ms).toBeLessThan(STRIPE_DELAY_MS);
    }
    // Refused bookings leave nothing behind; the others wait for their payment.
    const rows = await app.db.select().from(vendorBookings).where(eq(vendorBookings.tourDateId, tour.id));
    expect(rows).toHaveLength(MAX_STRIPE_CALLS);
    expect(rows.every((r) => r.paymentStatus === "pending" && r.paymentIntentId?.startsWith("pi_"))).toBe(true);
  });
});
