import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { royaltyLines } from "@shared/royalties.table";
import { storePurchases } from "@shared/store.table";
import type { Agent } from "../../test/app-harness";
import { ADMIN_EMAIL, postWebhook, setUpPaymentsApp } from "../../test/payments";
import { createStripeClient, retrieveChargeFee } from "../../integrations/stripe";
import { createLogger } from "../../lib/logger";
import { fillDueFees } from "./store-fees";
import { cardPurchase, insertReleaseOnSale } from "./store.test-support";

const env = setUpPaymentsApp();
let admin: Agent;
beforeAll(async () => {
  admin = await env.app.signIn(ADMIN_EMAIL);
});

async function linesOf(releaseId: string) {
  const rows = await env.app.db
    .select()
    .from(royaltyLines)
    .where(eq(royaltyLines.releaseId, releaseId))
    .orderBy(asc(royaltyLines.id));
  return rows.map((l) => [l.source, l.store, l.converted, l.quantity]);
}

async function purchase(id: string) {
  const [row] = await env.app.db.select().from(storePurchases).where(eq(storePurchases.id, id));
  return row;
}

/** The charge.refunded Stripe sent last for the intent (after a refund the admin asked for). */
function lastRefundEvent(intentId: string) {
  const events = env.stripe.eventsOf(intentId).filter((event) => event.type === "charge.refunded");
  return events[events.length - 1];
}

const refund = (purchaseId: string, body: object) => admin.post(`/api/store/purchases/${purchaseId}/refund`).send(body);

describe("a store sale on the artist's statement", () => {
  it("is its amount net of Stripe's fee, to the cent, and the fee is kept on the purchase", async () => {
    const { release } = await insertReleaseOnSale(env.app, { minimumPrice: "1.00" });
    const { purchase: bought } = await cardPurchase(env.app, env.stripe, release.id, "9.99", { fee: 59 });
    expect(await purchase(bought.id)).toMatchObject({ status: "paid", amount: "9.99", fee: "0.59" });
    expect(await linesOf(release.id)).toEqual([["store", "Label store", "9.40", 1]]);
    // Stripe's standard price when a test names none: 2.9 % + 30¢ of $12.34 is 36 + 30 = 66¢.
    const { release: other } = await insertReleaseOnSale(env.app);
    await cardPurchase(env.app, env.stripe, other.id, "12.34");
    expect(await linesOf(other.id)).toEqual([["store", "Label store", "11.68", 1]]);
  });

  it("takes back a part refund's share once, keeps the link working, then a full refund sums to zero", async () => {
    const { release } = await insertReleaseOnSale(env.app);
    const { purchase: bought, intentId } = await cardPurchase(env.app, env.stripe, release.id, "10.00", { fee: 59 });

    // $3.33 of $10.00: 33.3 % of the $9.41 net is $3.13 (half up).
    const part = await refund(bought.id, { amount: "3.33" }).expect(202);
    expect(part.body).toMatchObject({ amount: "3.33", refundId: expect.stringMatching(/^re_/) });
    expect(env.stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([333]);
    const partEvent = lastRefundEvent(intentId);
    await postWebhook(env.app.agent(), partEvent).expect(200);
    await postWebhook(env.app.agent(), partEvent).expect(200);
    expect(await linesOf(release.id)).toEqual([
      ["store", "Label store", "9.41", 1],
      ["store", "Label store", "-3.13", 0],
    ]);
    expect(await purchase(bought.id)).toMatchObject({ status: "paid", refundedAmount: "3.33" });
    await env.app.agent().get(`/api/downloads/${bought.token}`).expect(200);

    // More than is left is refused, naming the field; nothing is asked of Stripe.
    const tooMuch = await refund(bought.id, { amount: "6.68" }).expect(400);
    expect(tooMuch.body.fieldErrors.amount).toEqual(["At most $6.67 is left to refund"]);

    // The rest (no amount: all that is left), its event delivered twice, then the older one again.
    await refund(bought.id, {}).expect(202);
    const fullEvent = lastRefundEvent(intentId);
    expect((fullEvent.data.object as { amount_refunded: number }).amount_refunded).toBe(1000);
    await postWebhook(env.app.agent(), fullEvent).expect(200);
    await postWebhook(env.app.agent(), fullEvent).expect(200);
    await postWebhook(env.app.agent(), partEvent).expect(200);
    const lines = await linesOf(release.id);
    expect(lines).toEqual([
      ["store", "Label store", "9.41", 1],
      ["store", "Label store", "-3.13", 0],
      ["store", "Label store", "-6.28", -1],
    ]);
    expect(lines.reduce((cents, line) => cents + Math.round(Number(line[2]) * 100), 0)).toBe(0);
    expect(await purchase(bought.id)).toMatchObject({ status: "refunded", refundedAmount: "10.00" });
    const gone = await env.app.agent().get(`/api/downloads/${bought.token}`).expect(410);
    expect(gone.body.message).toBe("This purchase was refunded");
    const again = await refund(bought.id, {}).expect(409);
    expect(again.body.message).toBe("This purchase is already refunded");
  });

  it("a refund made in Stripe's dashboard, in parts delivered in any order, is recorded the same way", async () => {
    const { release } = await insertReleaseOnSale(env.app);
    const { purchase: bought, intentId } = await cardPurchase(env.app, env.stripe, release.id, "7.00", { fee: 50 });
    const half = env.stripe.chargeRefunded(intentId, true);
    const whole = env.stripe.chargeRefunded(intentId);
    // The full refund's event arrives first: the part one after it adds nothing.
    await postWebhook(env.app.agent(), whole).expect(200);
    await postWebhook(env.app.agent(), half).expect(200);
    expect(await linesOf(release.id)).toEqual([
      ["store", "Label store", "6.50", 1],
      ["store", "Label store", "-6.50", -1],
    ]);
    expect((await purchase(bought.id)).status).toBe("refunded");
  });
});

describe("refunding a sale from the admin store page", () => {
  it("lists a release's sales with their fee, refunded and refundable amounts", async () => {
    const { release } = await insertReleaseOnSale(env.app);
    const { purchase: bought, email } = await cardPurchase(env.app, env.stripe, release.id, "8.00", { fee: 53 });
    await cardPurchase(env.app, env.stripe, release.id, "5.00", { pay: false });
    const res = await admin.get(`/api/releases/${release.id}/store/sales`).expect(200);
    expect(res.body).toEqual([
      {
        id: bought.id,
        email,
        status: "paid",
        amount: "8.00",
        fee: "0.53",
        refunded: "0.00",
        refundable: "8.00",
        shopOrder: null,
        paidAt: expect.any(String),
      },
    ]);
  });

  it("refuses an unpaid purchase (409), an amount of nothing (400) and an unknown one (404)", async () => {
    const { release } = await insertReleaseOnSale(env.app);
    const { purchase: unpaid } = await cardPurchase(env.app, env.stripe, release.id, "5.00", { pay: false });
    const res = await refund(unpaid.id, {}).expect(409);
    expect(res.body.message).toBe("Only a paid purchase can be refunded");
    const { purchase: paid } = await cardPurchase(env.app, env.stripe, release.id, "5.00");
    const zero = await refund(paid.id, { amount: "0" }).expect(400);
    expect(zero.body.fieldErrors.amount).toEqual(["Enter an amount above 0"]);
    await refund(paid.id, { amount: "-1" }).expect(400);
    await refund(crypto.randomUUID(), {}).expect(404);
    expect(env.stripe.refunds.filter((r) => r.payment_intent === paid.paymentIntentId)).toEqual([]);
  });

  it("asks Stripe once when the same refund is sent twice before Stripe confirms it", async () => {
    const { release } = await insertReleaseOnSale(env.app);
    const { purchase: bought, intentId } = await cardPurchase(env.app, env.stripe, release.id, "6.00");
    const first = await refund(bought.id, { amount: "2.00" }).expect(202);
    const second = await refund(bought.id, { amount: "2.00" }).expect(202);
    expect(second.body.refundId).toBe(first.body.refundId);
    expect(env.stripe.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    // Once recorded, a second refund of the same amount is a new one.
    await postWebhook(env.app.agent(), lastRefundEvent(intentId)).expect(200);
    await refund(bought.id, { amount: "2.00" }).expect(202);
    expect(env.stripe.refunds.filter((r) => r.payment_intent === intentId).map((r) => r.amount)).toEqual([200, 200]);
  });
});

describe("a sale Stripe has no fee for yet", () => {
  it("is paid and downloads at once; its lines are written by the fee job once Stripe has the fee", async () => {
    const { release } = await insertReleaseOnSale(env.app);
    const { purchase: bought, intentId } = await cardPurchase(env.app, env.stripe, release.id, "4.00", { fee: null });
    expect(await purchase(bought.id)).toMatchObject({ status: "paid", fee: null });
    await env.app.agent().get(`/api/downloads/${bought.token}`).expect(200);
    expect(await linesOf(release.id)).toEqual([]);
    // A part refund before the fee is known is recorded; its line waits with the sale's.
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId, true)).expect(200);
    expect(await linesOf(release.id)).toEqual([]);

    // The job's work with the app's database and Stripe (the stand-in), as the job runs it.
    const stripe = createStripeClient(env.app.config.stripe)!;
    const deps = {
      db: env.app.db,
      payments: { available: true, chargeFee: (id: string) => retrieveChargeFee(stripe, id) },
      logger: createLogger("silent"),
    };
    await fillDueFees(deps);
    expect(await linesOf(release.id)).toEqual([]);
    env.stripe.setFee(intentId, 42);
    await fillDueFees(deps);
    await fillDueFees(deps);
    // $3.58 net; half of the $4.00 refunded takes back $1.79.
    expect(await linesOf(release.id)).toEqual([
      ["store", "Label store", "3.58", 1],
      ["store", "Label store", "-1.79", 0],
    ]);
    expect(await purchase(bought.id)).toMatchObject({ fee: "0.42", refundedAmount: "2.00", status: "paid" });
  });
});
