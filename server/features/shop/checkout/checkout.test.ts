import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import type { TestApp } from "../../../test/app-harness";
import { intentIdOf } from "../../../test/payments";
import type { StripeStandIn } from "../../../test/stripe-stand-in";
import { ADDRESS_DE, ADDRESS_US, place, shirtAndTote, stockOf, useShopApp } from "./checkout.test-support";

const shop = useShopApp();
let app: TestApp;
let stripe: StripeStandIn;
beforeAll(() => {
  ({ app, stripe } = shop);
});

describe("POST /api/merchandise-orders", () => {
  it("holds every line's stock, records lines and address at the database's prices, ignoring extra fields, and asks Stripe for exactly the total", async () => {
    const { shirt, tote } = await shirtAndTote();
    const res = await place({
      items: [
        { variantId: shirt.variants[1], quantity: 2, unitPrice: "0.01" },
        { variantId: tote.variants[0], quantity: 1, price: "0.01" },
      ],
      email: "ada@fans.test",
      address: { ...ADDRESS_DE, extra: "x" },
      total: "0.50",
      shipping: "0.00",
      tax: "0.00",
    }).expect(201);
    // 40.00 + 14.99 = 54.99; 12.00 + 4.00 + 3.00 = 19.00; 19 % of 73.99 = 14.0581 → 14.06.
    expect(res.body).toEqual({ orderId: expect.any(String), clientSecret: expect.any(String), total: "88.05" });
    const intent = stripe.intents.get(intentIdOf(res.body.clientSecret));
    expect(intent).toMatchObject({ amount: 8805, metadata: { merchandiseOrderId: res.body.orderId } });
    expect(await stockOf([shirt.variants[0], shirt.variants[1], tote.variants[0]])).toEqual([10, 8, 9]);

    const [order] = await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, res.body.orderId));
    expect(order).toMatchObject({
      subtotal: "54.99",
      shipping: "19.00",
      tax: "14.06",
      totalAmount: "88.05",
      paymentStatus: "pending",
      status: "pending",
      itemName: null,
      shipName: "Ada Fan",
      shipCountry: "DE",
      shipRegion: null,
      shippingZone: "EU",
      customerEmail: "ada@fans.test",
    });
    const lines = await app.db
      .select()
      .from(merchandiseOrderLines)
      .where(eq(merchandiseOrderLines.orderId, order.id))
      .orderBy(merchandiseOrderLines.position);
    expect(lines.map((l) => [l.itemName, l.options, l.quantity, l.unitPrice, l.tax])).toEqual([
      ["Tour Shirt", { Size: "M" }, 2, "20.00", "7.60"],
      ["Tote Bag", { Colour: "Black" }, 1, "14.99", "2.85"],
    ]);
  });

  it("gives every line back and keeps no order when Stripe cannot start the payment", async () => {
    const { shirt, tote } = await shirtAndTote();
    stripe.failNextCreates(1);
    const res = await place({
      items: [
        { variantId: shirt.variants[0], quantity: 2 },
        { variantId: tote.variants[0], quantity: 1 },
      ],
      email: "outage@fans.test",
      address: ADDRESS_US,
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await stockOf([shirt.variants[0], tote.variants[0]])).toEqual([10, 10]);
    expect(
      await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, "outage@fans.test")),
    ).toHaveLength(0);
  });

  it("refuses a country in no zone with nothing held", async () => {
    const { shirt } = await shirtAndTote();
    const res = await place({
      items: [{ variantId: shirt.variants[0], quantity: 1 }],
      email: "far@fans.test",
      address: { ...ADDRESS_US, country: "JP" },
    }).expect(400);
    expect(res.body.message).toBe("We don't ship to Japan");
    expect(res.body.fieldErrors).toEqual({ "address.country": ["We don't ship to Japan"] });
    expect(await stockOf([shirt.variants[0]])).toEqual([10]);
  });

  it("says which line is short and holds nothing when any line is", async () => {
    const { shirt, tote } = await shirtAndTote(2);
    const res = await place({
      items: [
        { variantId: tote.variants[0], quantity: 2 },
        { variantId: shirt.variants[1], quantity: 3 },
      ],
      email: "greedy@fans.test",
      address: ADDRESS_US,
    }).expect(409);
    expect(res.body.message).toBe("Only 2 left of Tour Shirt (M)");
    // Named by its place in the cart, so the checkout shows it beside that line.
    expect(res.body.fieldErrors).toEqual({ "items.1.quantity": ["Only 2 left"] });
    expect(await stockOf([tote.variants[0], shirt.variants[1]])).toEqual([2, 2]);
    expect(
      await app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.customerEmail, "greedy@fans.test")),
    ).toHaveLength(0);
  });

  it("sells the last unit once: 20 buyers at the same moment, one order, nineteen 409s", async () => {
    const { shirt, tote } = await shirtAndTote(1);
    await app.db
      .update(merchandiseVariants)
      .set({ stockQuantity: 50 })
      .where(eq(merchandiseVariants.id, tote.variants[0]));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        place({
          items: [
            { variantId: tote.variants[0], quantity: 1 },
            { variantId: shirt.variants[0], quantity: 1 },
          ],
          email: `racer${i}@fans.test`,
          address: ADDRESS_US,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.message).toBe("Only 0 left of Tour Shirt (S)");
    }
    // The tote of the losers was not held either.
    expect(await stockOf([shirt.variants[0], tote.variants[0]])).toEqual([0, 49]);
    const [item] = await app.db.select().from(merchandise).where(eq(merchandise.id, shirt.item.id));
    expect(item.stockQuantity).toBe(1);
  });
});
