import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";
import { createInvoice, eventKinds, storedInvoice } from "./invoices.test-support";

const WEBHOOK_SECRET = "whsec_invoice_test";
const env = {} as { app: TestApp; stripe: StripeStandIn };
let owner: Agent;

beforeAll(async () => {
  env.stripe = await startStripeStandIn();
  env.app = await startTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: env.stripe.url,
    },
  });
  owner = await env.app.signIn("card-owner@x.test");
});
afterAll(async () => {
  await env.app?.close();
  await env.stripe?.close();
});

/** "pi_x_secret_y" -> "pi_x", as Stripe.js reports the intent after confirming. */
const intentIdOf = (clientSecret: string) => clientSecret.slice(0, clientSecret.indexOf("_secret_"));

/** Posts a webhook exactly as Stripe would: the raw JSON and its Stripe-Signature header. */
function postWebhook(agent: Agent, event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return agent
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signature)
    .send(payload);
}

async function sentInvoice(overrides: Record<string, unknown> = {}) {
  const invoice = await createInvoice(owner, { status: "sent", tax: "7.50", total: "107.50", ...overrides });
  const { publicPath } = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
  return { ...invoice, token: (publicPath as string).slice("/pay/".length) };
}

async function payByCard(token: string) {
  const res = await env.app
    .agent()
    .post(`/api/public/invoices/${token}/payment-intent`)
    .send({ amount: 1 })
    .expect(200);
  return intentIdOf(res.body.clientSecret);
}

const messagesAbout = (id: string) =>
  env.app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, "invoice"), eq(outboxMessages.aboutId, id)));

describe("paying an invoice by card", () => {
  it("offers card payment for a sent invoice and charges exactly its server-computed total", async () => {
    const invoice = await sentInvoice();
    const view = await env.app.agent().get(`/api/public/invoices/${invoice.token}`).expect(200);
    expect(view.body.canPayByCard).toBe(true);
    const intentId = await payByCard(invoice.token);
    expect(env.stripe.intents.get(intentId)).toMatchObject({
      amount: 10750,
      currency: "usd",
      metadata: { invoiceId: invoice.id },
    });
  });

  it("marks the invoice paid once from the webhook, and queues the receipt and the owner's notice", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await storedInvoice(env.app, invoice.id)).status).toBe("paid");
    expect((await eventKinds(env.app, invoice.id)).filter((kind) => kind === "paid")).toHaveLength(1);
    const messages = await messagesAbout(invoice.id);
    expect(messages.map((m) => [m.template, m.recipient]).sort()).toEqual([
      ["invoice-paid-notice", "card-owner@x.test"],
      ["invoice-paid-receipt", "rosa@client.test"],
    ]);
    const view = await env.app.agent().get(`/api/public/invoices/${invoice.token}`).expect(200);
    expect(view.body).toMatchObject({ canPayByCard: false, invoice: { status: "paid" } });
    const again = await env.app.agent().post(`/api/public/invoices/${invoice.token}/payment-intent`).expect(409);
    expect(again.body.message).toBe("This invoice is already paid.");
  });

  it("does not mark paid when the amount paid differs from the invoice", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.intents.get(intentId)!.amount = 100;
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await storedInvoice(env.app, invoice.id)).status).toBe("sent");
    expect(await messagesAbout(invoice.id)).toEqual([]);
  });

  it("does not mark paid a payment for an invoice edited to a new total meanwhile", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    await owner.patch(`/api/invoices/${invoice.id}`).send({ tax: "0.00" }).expect(200);
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await storedInvoice(env.app, invoice.id)).status).toBe("sent");
  });

  it("settles from the page's completion call once Stripe says it succeeded", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    const early = await env.app
      .agent()
      .post(`/api/public/invoices/${invoice.token}/complete`)
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(early.body.message).toBe("Payment has not completed");
    env.stripe.succeed(intentId);
    const done = await env.app
      .agent()
      .post(`/api/public/invoices/${invoice.token}/complete`)
      .send({ paymentIntentId: intentId })
      .expect(200);
    expect(done.body.status).toBe("paid");
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await eventKinds(env.app, invoice.id)).filter((kind) => kind === "paid")).toHaveLength(1);
  });

  it("refuses a payment for a draft (404), a cancelled invoice (409) or another invoice's intent", async () => {
    const draft = await sentInvoice({ status: "draft" });
    await env.app.agent().post(`/api/public/invoices/${draft.token}/payment-intent`).expect(404);
    const cancelled = await sentInvoice();
    await owner.post(`/api/invoices/${cancelled.id}/cancel`).expect(200);
    expect(
      (await env.app.agent().post(`/api/public/invoices/${cancelled.token}/payment-intent`).expect(409)).body.message,
    ).toBe("This invoice was cancelled.");
    const first = await sentInvoice();
    const second = await sentInvoice();
    const intentId = await payByCard(first.token);
    env.stripe.succeed(intentId);
    await env.app
      .agent()
      .post(`/api/public/invoices/${second.token}/complete`)
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect((await storedInvoice(env.app, second.id)).status).toBe("sent");
  });
});
