import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchandise } from "@shared/merchandise.table";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { buyItem, insertMerchandise, setUpPaymentsApp } from "../../../test/payments";
import { RESERVATION_TTL_MS } from "./order-settlement";

const payments = setUpPaymentsApp({
  env: {
    JOBS_SWEEP_INTERVAL_MS: "1000",
    JOBS_POLL_INTERVAL_MS: "500",
  },
  workers: true,
});

async function stockOf(id: string) {
  const [row] = await payments.app.db
    .select({ stock: merchandise.stockQuantity })
    .from(merchandise)
    .where(eq(merchandise.id, id));
  return row.stock;
}

describe("abandoned checkout holds", () => {
  it("are released by the scheduled job, with no checkout happening", async () => {
    const item = await insertMerchandise(payments.app, { stockQuantity: 3 });
    const res = await buyItem(payments.app, item.id, 2, "gone@label.test").expect(201);
    const abandoned = res.body.orderId as string;
    expect(await stockOf(item.id)).toBe(1);

    // The buyer walked away: the hold is now older than its time.
    await payments.app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - RESERVATION_TTL_MS - 60_000) })
      .where(eq(merchandiseOrders.id, abandoned));

    const deadline = Date.now() + 10_000;
    while ((await stockOf(item.id)) !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await stockOf(item.id)).toBe(3);
    const [order] = await payments.app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, abandoned));
    expect(order.paymentStatus).toBe("failed");
  });

  it("keep a hold that is still within its ten minutes", async () => {
    expect(RESERVATION_TTL_MS).toBe(10 * 60 * 1000);
    const item = await insertMerchandise(payments.app, { stockQuantity: 2 });
    const res = await buyItem(payments.app, item.id, 2, "paying@label.test").expect(201);
    await payments.app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - 9 * 60 * 1000) })
      .where(eq(merchandiseOrders.id, res.body.orderId));
    await new Promise((r) => setTimeout(r, 2500)); // two sweeps
    expect(await stockOf(item.id)).toBe(0);
  });
});
