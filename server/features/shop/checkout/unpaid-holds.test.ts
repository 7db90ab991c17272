import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import { buyItem, insertMerchandise, intentIdOf, setUpPaymentsApp } from "../../../test/payments";

const TOO_MANY = "You have too many unpaid checkouts. Finish paying for one, or try again in 10 minutes.";

const payments = setUpPaymentsApp({
  env: {
    // A proxy in front (on loopback), so each test can speak from an address of its own.
    TRUST_PROXY: "loopback",
    UNPAID_HOLDS_PER_ADDRESS: "3",
    UNPAID_HOLDS_PER_EMAIL: "2",
  },
});

function buyShirt(itemId: string, from: string, customerEmail: string) {
  return buyItem(payments.app, itemId, 1, customerEmail, { from });
}

describe("unpaid merchandise checkouts", () => {
  it("are limited per e-mail and per address, and an expired or paid one frees its place", async () => {
    const item = await insertMerchandise(payments.app, { stockQuantity: 100 });
    await buyShirt(item.id, "203.0.113.10", "fan@label.test").expect(201);
    await buyShirt(item.id, "203.0.113.10", "FAN@label.test").expect(201);
    // Two unpaid for this e-mail, from any address.
    const byEmail = await buyShirt(item.id, "203.0.113.99", "fan@label.test").expect(429);
    expect(byEmail.body).toEqual({ message: TOO_MANY });
    // Three unpaid from this address, whatever the e-mail.
    const third = await buyShirt(item.id, "203.0.113.10", "other@label.test").expect(201);
    expect((await buyShirt(item.id, "203.0.113.10", "new@label.test").expect(429)).body.message).toBe(TOO_MANY);
    // Someone else is not affected.
    await buyShirt(item.id, "203.0.113.11", "neighbour@label.test").expect(201);

    // Paying frees the place at once.
    const paid = intentIdOf(third.body.clientSecret);
    payments.stripe.succeed(paid);
    await payments.app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId: paid }).expect(200);
    await buyShirt(item.id, "203.0.113.10", "new@label.test").expect(201);

    // An order left unpaid past the hold no longer counts.
    await payments.app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(merchandiseOrders.customerEmail, "fan@label.test"));
    await buyShirt(item.id, "203.0.113.99", "fan@label.test").expect(201);
  });

  it("cannot be overshot by a burst of checkouts at once", async () => {
    const item = await insertMerchandise(payments.app, { stockQuantity: 100 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => buyShirt(item.id, "198.51.100.20", `burst${i}@label.test`)),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
    const orders = await payments.app.db
      .select()
      .from(merchandiseOrderLines)
      .where(eq(merchandiseOrderLines.merchandiseId, item.id));
    expect(orders).toHaveLength(3);
  });
});
