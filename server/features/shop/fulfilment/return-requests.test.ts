import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedTokens } from "../../../lib/signed-token";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL, STRIPE_TEST_ENV } from "../../../test/payments";
import { startStripeStandIn, type StripeStandIn } from "../../../test/stripe-stand-in";
import { insertPaidOrder } from "./merchandise-fulfilment.test-support";
import { alreadyRequestedMessage } from "./fulfilment-rules";

// A buyer's return requests on real PostgreSQL: units already asked for count against what may be
// asked for again, and the order page says where each request stands.
const SECRET = "return-requests-test-session-secret-0123";
const orderTokens = signedTokens(SECRET, "merchandise-order");

let stripe: StripeStandIn;
let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await startTestApp({
    env: { ...STRIPE_TEST_ENV, STRIPE_API_BASE: stripe.url, ADMIN_EMAILS: ADMIN_EMAIL, SESSION_SECRET: SECRET },
  });
  admin = await app.signIn(ADMIN_EMAIL);
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

/** A paid order of `quantity` shirts, all shipped, and its page's token. */
async function shippedOrder(quantity: number) {
  const placed = await insertPaidOrder(app, stripe, [{ sku: "RET", quantity, unitPrice: "20.00", stock: 3 }]);
  await admin
    .post(`/api/merchandise-orders/${placed.order.id}/fulfilments`)
    .send({ lines: [{ lineId: placed.lines[0].id, quantity }], carrier: "UPS", trackingNumber: `1Z${quantity}` })
    .expect(201);
  return { ...placed, token: orderTokens.sign(placed.order.id) };
}

function askToReturn(token: string, lineId: string, quantity: number, reason = "Too small") {
  return app
    .agent()
    .post(`/api/orders/${token}/returns`)
    .send({ lines: [{ lineId, quantity }], reason });
}

describe("return requests", () => {
  it("count a request still waiting against the units that may be asked for: a second request for the same unit is a 409", async () => {
    const { token, lines } = await shippedOrder(1);
    await askToReturn(token, lines[0].id, 1).expect(201);
    const again = await askToReturn(token, lines[0].id, 1, "Still too small").expect(409);
    expect(again.body).toEqual({ message: alreadyRequestedMessage(lines[0].sku, 1, 0) });
    const page = await app.agent().get(`/api/orders/${token}`).expect(200);
    expect(page.body.returns).toHaveLength(1);
  });

  it("let the rest of a line be asked for, and a unit again once its request was turned down", async () => {
    const { order, token, lines } = await shippedOrder(3);
    const first = await askToReturn(token, lines[0].id, 2).expect(201);
    const tooMany = await askToReturn(token, lines[0].id, 2).expect(409);
    expect(tooMany.body.message).toBe(alreadyRequestedMessage(lines[0].sku, 2, 1));
    await askToReturn(token, lines[0].id, 1).expect(201);
    await admin
      .post(`/api/merchandise-orders/${order.id}/returns/${first.body.id}/reject`)
      .send({ reason: "Worn" })
      .expect(200);
    await askToReturn(token, lines[0].id, 2, "Trying again").expect(201);
  });

  it("show on the buyer's page when each was asked for and where it stands, with the reason a request was turned down", async () => {
    const { order, token, lines } = await shippedOrder(3);
    const rejected = await askToReturn(token, lines[0].id, 1, "Colour").expect(201);
    await admin
      .post(`/api/merchandise-orders/${order.id}/returns/${rejected.body.id}/reject`)
      .send({ reason: "Opened and worn" })
      .expect(200);
    const refunded = await askToReturn(token, lines[0].id, 1, "Too big").expect(201);
    await admin
      .post(`/api/merchandise-orders/${order.id}/returns`)
      .send({ returnId: refunded.body.id, restock: false })
      .expect(201);
    await askToReturn(token, lines[0].id, 1, "Changed my mind").expect(201);

    const page = await app.agent().get(`/api/orders/${token}`).expect(200);
    expect(
      page.body.returns.map((r: { status: string; refundAmount: string | null; rejectionReason: string | null }) => [
        r.status,
        r.refundAmount,
        r.rejectionReason,
      ]),
    ).toEqual([
      ["rejected", null, "Opened and worn"],
      ["refunded", "20.00", null],
      ["requested", null, null],
    ]);
    expect(page.body.returns[0].requestedAt).toEqual(expect.any(String));
  });
});
