import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { merchandiseFulfilmentContract } from "@shared/merchandise-fulfilment";
import { outboxMessages } from "@shared/outbox.table";
import type { TestApp } from "../../../test/app-harness";
import type { ContractCases } from "../../../test/contract-harness";
import { insertPaidOrder } from "./merchandise-fulfilment.test-support";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** An order with every unit shipped, and its order page's token as the shipping e-mail gives it. */
async function shippedOrder(app: TestApp, stripe: Parameters<typeof insertPaidOrder>[1]) {
  const placed = await insertPaidOrder(app, stripe, [
    { sku: "CONTRACT", quantity: 2, unitPrice: "10.00", tax: "1.60" },
  ]);
  const admin = await app.signIn("admin@contract.test");
  await admin
    .post(`/api/merchandise-orders/${placed.order.id}/fulfilments`)
    .send({ lines: [{ lineId: placed.lines[0].id, quantity: 2 }], carrier: "UPS", trackingNumber: "1ZCONTRACT" })
    .expect(201);
  const [message] = await app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutId, placed.order.id), eq(outboxMessages.template, "merchandise-order-shipped")));
  const link = (message.params as { link: string }).link;
  return { ...placed, token: link.slice(link.lastIndexOf("/") + 1) };
}

/** Each fulfilment route's answers, for server/contract.test.ts. */
export const merchandiseFulfilmentCases: ContractCases<typeof merchandiseFulfilmentContract> = {
  async get({ app, send }) {
    const { order } = await insertPaidOrder(app, null, [{ sku: "GET", quantity: 1, unitPrice: "5.00" }]);
    expect((await send("admin", { params: { id: order.id } }, 200)).body).toMatchObject({ id: order.id });
    await send("admin", { params: { id: UNKNOWN } }, 404);
  },
  async ship({ app, send }) {
    const { order, lines } = await insertPaidOrder(app, null, [{ sku: "SHIP", quantity: 1, unitPrice: "5.00" }]);
    const body = { lines: [{ lineId: lines[0].id, quantity: 1 }], carrier: "DHL", trackingNumber: "JD1" };
    await send("admin", { params: { id: order.id }, body: { ...body, trackingNumber: "" } }, 400);
    await send("admin", { params: { id: order.id }, body }, 201);
    await send("admin", { params: { id: order.id }, body }, 409);
    await send("admin", { params: { id: UNKNOWN }, body }, 404);
  },
  async approveReturn({ app, stripe, send }) {
    const { order, lines } = await shippedOrder(app, stripe);
    const body = { lines: [{ lineId: lines[0].id, quantity: 1 }], restock: true };
    await send("admin", { params: { id: order.id }, body: { lines: [] } }, 400);
    const answer = await send("admin", { params: { id: order.id }, body }, 201);
    expect(answer.body).toMatchObject({ refundedAmount: "10.80" });
    await send(
      "admin",
      { params: { id: order.id }, body: { ...body, lines: [{ lineId: lines[0].id, quantity: 2 }] } },
      409,
    );
    await send("admin", { params: { id: UNKNOWN }, body }, 404);
    stripe.failNext("refund", 1);
    await send("admin", { params: { id: order.id }, body }, 502);
  },
  async rejectReturn({ app, stripe, send }) {
    const { order, lines, token } = await shippedOrder(app, stripe);
    const asked = await app
      .agent()
      .post(`/api/orders/${token}/returns`)
      .send({ lines: [{ lineId: lines[0].id, quantity: 1 }], reason: "Changed my mind" })
      .expect(201);
    const params = { id: order.id, returnId: asked.body.id as string };
    await send("admin", { params, body: { reason: "x".repeat(1001) } }, 400);
    await send("admin", { params: { ...params, returnId: UNKNOWN }, body: {} }, 404);
    const answer = await send("admin", { params, body: { reason: "Worn" } }, 200);
    expect((answer.body as { returns: unknown[] }).returns[0]).toMatchObject({ id: asked.body.id, status: "rejected" });
    await send("admin", { params, body: {} }, 409);
  },
  async cancel({ app, stripe, send }) {
    const { order } = await insertPaidOrder(app, stripe, [{ sku: "CANCEL", quantity: 1, unitPrice: "5.00" }]);
    const shipped = await shippedOrder(app, stripe);
    await send("admin", { params: { id: shipped.order.id } }, 409);
    await send("admin", { params: { id: UNKNOWN } }, 404);
    const other = await insertPaidOrder(app, stripe, [{ sku: "CANCEL-FAIL", quantity: 1, unitPrice: "5.00" }]);
    stripe.failNext("refund", 1);
    await send("admin", { params: { id: other.order.id } }, 502);
    expect((await send("admin", { params: { id: order.id } }, 200)).body).toMatchObject({ status: "cancelled" });
  },
  async refundUnshipped({ app, stripe, send }) {
    const { order, lines } = await insertPaidOrder(app, stripe, [{ sku: "REFUND", quantity: 3, unitPrice: "5.00" }]);
    const body = { lines: [{ lineId: lines[0].id, quantity: 1 }], restock: false };
    await send("admin", { params: { id: order.id }, body: { lines: [], restock: false } }, 400);
    const answer = await send("admin", { params: { id: order.id }, body }, 201);
    expect(answer.body).toMatchObject({ refundedAmount: "5.00" });
    await send(
      "admin",
      { params: { id: order.id }, body: { ...body, lines: [{ lineId: lines[0].id, quantity: 2 }] } },
      409,
    );
    await send("admin", { params: { id: UNKNOWN }, body }, 404);
    stripe.failNext("refund", 1);
    await send(
      "admin",
      { params: { id: order.id }, body: { ...body, lines: [{ lineId: lines[0].id, quantity: 1 }] } },
      502,
    );
  },
  async requestReturn({ app, stripe, send }) {
    const { lines, token } = await shippedOrder(app, stripe);
    const body = { lines: [{ lineId: lines[0].id, quantity: 1 }], reason: "Wrong size" };
    expect((await send("anonymous", { params: { token }, body }, 201)).body).toMatchObject({ status: "requested" });
    await send("anonymous", { params: { token }, body: { ...body, reason: "" } }, 400);
    await send(
      "anonymous",
      { params: { token }, body: { ...body, lines: [{ lineId: lines[0].id, quantity: 3 }] } },
      409,
    );
    await send("anonymous", { params: { token: "forged-token-value" }, body }, 404);
  },
};
