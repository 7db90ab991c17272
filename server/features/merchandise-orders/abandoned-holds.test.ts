import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise } from "@shared/merchandise";
import { merchandiseOrders } from "@shared/merchandise-orders";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { insertMerchandise, STRIPE_TEST_ENV } from "../../test/payments";
import { RESERVATION_TTL_MS } from "./merchandise-orders.service";

let stripe: StripeStandIn;
let app: TestApp;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await startTestApp({
    env: {
      ...STRIPE_TEST_ENV,
      STRIPE_API_BASE: stripe.url,
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
    },
    workers: true,
  });
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

async function stockOf(id: string) {
  const [row] = await app.db
    .select({ stock: merchandise.stockQuantity })
    .from(merchandise)
    .where(eq(merchandise.id, id));
  return row.stock;
}

describe("abandoned checkout holds", () => {
  it("are released by the scheduled job, with no checkout happening", async () => {
    const item = await insertMerchandise(app, { stockQuantity: 3 });
    const res = await app
      .agent()
      .post("/api/merchandise-orders/payment-intent")
      .send({ merchandiseId: item.id, quantity: 2, customerEmail: "gone@label.test" })
      .expect(201);
    const abandoned = res.body.orderId as string;
    expect(await stockOf(item.id)).toBe(1);

    // The buyer walked away: the hold is now older than its time.
    await app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - RESERVATION_TTL_MS - 60_000) })
      .where(eq(merchandiseOrders.id, abandoned));

    const deadline = Date.now() + 10_000;
    while ((await stockOf(item.id)) !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await stockOf(item.id)).toBe(3);
    const [order] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, abandoned));
    expect(order.paymentStatus).toBe("failed");
  });

  it("keep a hold that is still within its ten minutes", async () => {
    expect(RESERVATION_TTL_MS).toBe(10 * 60 * 1000);
    const item = await insertMerchandise(app, { stockQuantity: 2 });
    const res = await app
      .agent()
      .post("/api/merchandise-orders/payment-intent")
      .send({ merchandiseId: item.id, quantity: 2, customerEmail: "paying@label.test" })
      .expect(201);
    await app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - 9 * 60 * 1000) })
      .where(eq(merchandiseOrders.id, res.body.orderId));
    await new Promise((r) => setTimeout(r, 2500)); // two sweeps
    expect(await stockOf(item.id)).toBe(0);
  });
});
