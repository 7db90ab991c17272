import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { buyItem, insertMerchandise, intentIdOf, setUpPaymentsApp } from "../../../test/payments";

// The outbox rows a payment queues; their delivery is covered by the outbox's own tests.
const env = setUpPaymentsApp();

function messagesAbout(aboutType: string, aboutId: string) {
  return env.app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, aboutType), eq(outboxMessages.aboutId, aboutId)))
    .orderBy(outboxMessages.template, outboxMessages.recipient);
}

describe("merchandise order e-mails", () => {
  it("queues the buyer's confirmation with its lines, amounts and link when the payment completes, once", async () => {
    const item = await insertMerchandise(env.app, {
      name: "Midnight Frequencies LP",
      price: "29.99",
      stockQuantity: 5,
    });
    const res = await buyItem(env.app, item.id, 2, "vinyl@fans.test").expect(201);
    const intentId = intentIdOf(res.body.clientSecret);
    expect(await messagesAbout("merchandise_order", res.body.orderId)).toHaveLength(0);

    env.stripe.succeed(intentId);
    await env.app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId: intentId }).expect(200);
    await env.app.agent().post("/api/merchandise-orders/complete").send({ paymentIntentId: intentId }).expect(200);

    const messages = await messagesAbout("merchandise_order", res.body.orderId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      template: "merchandise-order-placed",
      recipient: "vinyl@fans.test",
      params: {
        lines: [{ itemName: "Midnight Frequencies LP", quantity: 2, unitPrice: "29.99" }],
        subtotal: "59.98",
        total: "59.98",
      },
    });
  });
});
