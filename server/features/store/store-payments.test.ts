import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { storePurchases } from "@shared/store.table";
import { royaltyLines } from "@shared/royalties.table";
import { intentIdOf, postWebhook, setUpPaymentsApp } from "../../test/payments";
import { insertReleaseOnSale } from "./store.test-support";

const env = setUpPaymentsApp();
const fan = () => `${crypto.randomUUID()}@fan.test`;

async function buy(releaseId: string, email: string, amount: string) {
  return env.app.agent().post(`/api/store/releases/${releaseId}/purchase`).send({ email, amount });
}

async function purchaseOf(email: string) {
  const [row] = await env.app.db.select().from(storePurchases).where(eq(storePurchases.email, email));
  return row;
}

describe("a paid store purchase", () => {
  it("charges the named price, becomes paid by the webhook and e-mails its download link", async () => {
    const { release } = await insertReleaseOnSale(env.app, { minimumPrice: "5.00", suggestedPrice: "8.00" });
    const email = fan();
    const res = await buy(release.id, email, "9.50");
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("pending");
    const intentId = intentIdOf(res.body.clientSecret as string);
    const intent = env.stripe.intents.get(intentId)!;
    expect(intent.amount).toBe(950);
    const pending = await purchaseOf(email);
    expect(pending).toMatchObject({ status: "pending", amount: "9.50", paymentIntentId: intentId });
    expect(intent.metadata).toEqual({ storePurchaseId: pending.id });
    // Not paid yet: the link opens nothing.
    await env.app.agent().get(`/api/downloads/${pending.token}`).expect(404);

    env.stripe.succeed(intentId, { fee: 58 });
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect(await purchaseOf(email)).toMatchObject({ status: "paid", fee: "0.58" });
    const mail = await env.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(mail).toHaveLength(1);
    expect(JSON.stringify(mail[0].params)).toContain(`/downloads/${pending.token}`);
    await env.app.agent().get(`/api/downloads/${pending.token}`).expect(200);
    const [line] = await env.app.db.select().from(royaltyLines).where(eq(royaltyLines.releaseId, release.id));
    expect(line).toMatchObject({
      source: "store",
      upc: release.upc,
      currency: "USD",
      // What reached the label: $9.50 less Stripe's 58¢.
      amount: "8.920000",
      converted: "8.92",
      quantity: 1,
      reportedOn: new Date().toISOString().slice(0, 10),
    });

    // The same event again changes nothing and sends nothing more.
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect(await env.app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).toHaveLength(1);
    expect(await env.app.db.select().from(royaltyLines).where(eq(royaltyLines.releaseId, release.id))).toHaveLength(1);
  });

  it('stops the downloads of a refunded purchase: 410 "This purchase was refunded"', async () => {
    const { release } = await insertReleaseOnSale(env.app, { payWhatYouWant: false, price: "6.00" });
    const email = fan();
    const res = await buy(release.id, email, "0");
    const intentId = intentIdOf(res.body.clientSecret as string);
    expect(env.stripe.intents.get(intentId)!.amount).toBe(600);
    env.stripe.succeed(intentId, { fee: 47 });
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    const { token } = await purchaseOf(email);
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId)).expect(200);
    // The same refund reported twice reverses the sale once.
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId)).expect(200);
    const lines = await env.app.db.select().from(royaltyLines).where(eq(royaltyLines.releaseId, release.id));
    expect(lines.map((l) => [l.source, l.amount, l.quantity, l.upc])).toEqual([
      ["store", "5.530000", 1, release.upc],
      ["store", "-5.530000", -1, release.upc],
    ]);
    const gone = await env.app.agent().get(`/api/downloads/${token}`).expect(410);
    expect(gone.body.message).toBe("This purchase was refunded");
    await env.app.agent().get(`/api/downloads/${token}/flac.zip`).expect(410);
  });

  it("ignores a payment that does not match the purchase's amount", async () => {
    const { release } = await insertReleaseOnSale(env.app, { minimumPrice: "1.00" });
    const email = fan();
    const res = await buy(release.id, email, "4.00");
    const intentId = intentIdOf(res.body.clientSecret as string);
    env.stripe.succeed(intentId);
    const event = env.stripe.event("payment_intent.succeeded", intentId);
    event.data.object.amount = 100;
    await postWebhook(env.app.agent(), event).expect(200);
    expect((await purchaseOf(email)).status).toBe("pending");
  });

  it("refuses an amount Stripe cannot charge and keeps nothing when Stripe fails", async () => {
    const { release } = await insertReleaseOnSale(env.app, { minimumPrice: "0.00" });
    const small = await buy(release.id, fan(), "0.30");
    expect(small.status).toBe(400);
    expect(small.body.fieldErrors.amount[0]).toMatch(/^Card payments start at \$0.50/);
    const email = fan();
    env.stripe.failNextCreates(1);
    const failed = await buy(release.id, email, "3.00");
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await purchaseOf(email)).toBeUndefined();
  });
});
