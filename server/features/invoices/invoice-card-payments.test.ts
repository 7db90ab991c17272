import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { invoicePaymentIntents } from "@shared/invoice-payments.table";
import { outboxMessages } from "@shared/outbox.table";
import type { Agent } from "../../test/app-harness";
import { eventually, intentIdOf, postWebhook, setUpPaymentsApp } from "../../test/payments";
import { createInvoice, eventKinds, LINK_SIGNING_ENV, signedLink, storedInvoice } from "./invoices.test-support";

// Workers on, with fast sweeps: Stripe's cancels and refunds are asked by the invoice-payments job.
const env = setUpPaymentsApp({
  workers: true,
  env: { JOBS_SWEEP_INTERVAL_MS: "1000", JOBS_POLL_INTERVAL_MS: "500", ...LINK_SIGNING_ENV },
});
let owner: Agent;

beforeAll(async () => {
  owner = await env.app.signIn("card-owner@x.test");
});
afterEach(() => {
  env.stripe.failNext("cancel", 0);
  env.stripe.failNext("refund", 0);
});

async function sentInvoice(overrides: Record<string, unknown> = {}) {
  const invoice = await createInvoice(owner, { status: "sent", tax: "7.50", total: "107.50", ...overrides });
  // A draft has no link from the API; one signed as the server would stands for a guessed one.
  const { publicPath } = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
  return {
    ...invoice,
    token: ((publicPath as string | null) ?? signedLink(env.app, invoice.id)).slice("/pay/".length),
  };
}

async function payByCard(token: string) {
  const res = await env.app
    .agent()
    .post(`/api/public/invoices/${token}/payment-intent`)
    .send({ amount: 1 })
    .expect(200);
  return intentIdOf(res.body.clientSecret);
}

const complete = (token: string, paymentIntentId: string) =>
  env.app.agent().post(`/api/public/invoices/${token}/complete`).send({ paymentIntentId });

const messagesAbout = (id: string) =>
  env.app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, "invoice"), eq(outboxMessages.aboutId, id)));

const templatesAbout = async (id: string) => (await messagesAbout(id)).map((m) => [m.template, m.recipient]).sort();

async function intentRow(paymentIntentId: string) {
  const [row] = await env.app.db
    .select()
    .from(invoicePaymentIntents)
    .where(eq(invoicePaymentIntents.paymentIntentId, paymentIntentId));
  return row;
}

const refundsOf = (intentId: string) => env.stripe.refunds.filter((refund) => refund.payment_intent === intentId);

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
    expect(await intentRow(intentId)).toMatchObject({ invoiceId: invoice.id, amount: "107.50", status: "open" });
  });

  it("marks the invoice paid once from the webhook, and queues the receipt and the owner's notice", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await storedInvoice(env.app, invoice.id)).status).toBe("paid");
    expect((await eventKinds(env.app, invoice.id)).filter((kind) => kind === "paid")).toHaveLength(1);
    expect(await templatesAbout(invoice.id)).toEqual([
      ["invoice-paid-notice", "card-owner@x.test"],
      ["invoice-paid-receipt", "rosa@client.test"],
    ]);
    // The receipt reaches the client in the member's name; the notice opens the invoice itself.
    const messages = await messagesAbout(invoice.id);
    expect(messages.find((m) => m.template === "invoice-paid-receipt")).toMatchObject({
      senderName: "Nova Music",
      replyTo: "card-owner@x.test",
    });
    expect(messages.find((m) => m.template === "invoice-paid-notice")?.params).toMatchObject({
      link: `${env.app.baseUrl}/invoices/${invoice.id}`,
    });
    expect(await intentRow(intentId)).toMatchObject({ status: "settled" });
    const view = await env.app.agent().get(`/api/public/invoices/${invoice.token}`).expect(200);
    expect(view.body).toMatchObject({ canPayByCard: false, invoice: { status: "paid" } });
    const again = await env.app.agent().post(`/api/public/invoices/${invoice.token}/payment-intent`).expect(409);
    expect(again.body.message).toBe("This invoice is already paid.");
    expect(refundsOf(intentId)).toEqual([]);
  });

  it("settles from the page's completion call once Stripe says it succeeded", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    expect((await complete(invoice.token, intentId).expect(409)).body.message).toBe("Payment has not completed");
    env.stripe.succeed(intentId);
    expect((await complete(invoice.token, intentId).expect(200)).body.status).toBe("paid");
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    expect((await eventKinds(env.app, invoice.id)).filter((kind) => kind === "paid")).toHaveLength(1);
  });

  it("tells the client they can pay online and keeps the member's payment instructions out of the way", async () => {
    const invoice = await sentInvoice({ clientEmail: "online@client.test", paymentInstructions: "IBAN DE89 3704" });
    const view = await env.app.agent().get(`/api/public/invoices/${invoice.token}`).expect(200);
    expect(view.body.invoice.paymentInstructions).toBeNull();
    expect((await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body.cardPayments).toBe(true);
    await owner.post(`/api/invoices/${invoice.id}/send`).expect(200);
    const [sent] = (await messagesAbout(invoice.id)).filter((m) => m.template === "invoice-sent");
    const params = sent.params as { payOnline: boolean; message: string; document: { paymentInstructions: unknown } };
    expect(params.payOnline).toBe(true);
    expect(params.message).toContain("You can view it and pay online with the button below.");
    expect(params.document.paymentInstructions).toBeNull();
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
    await complete(second.token, intentId).expect(409);
    expect((await storedInvoice(env.app, second.id)).status).toBe("sent");
  });
});

describe("an open payment whose invoice changes", () => {
  const actions: [string, (id: string) => Promise<unknown>][] = [
    ["edited", (id) => owner.patch(`/api/invoices/${id}`).send({ tax: "20.00" }).expect(200)],
    ["marked paid", (id) => owner.post(`/api/invoices/${id}/mark-paid`).send({ paidOn: "2031-03-14" }).expect(200)],
    ["cancelled", (id) => owner.post(`/api/invoices/${id}/cancel`).expect(200)],
  ];
  for (const [what, act] of actions) {
    it(`is cancelled at Stripe once the invoice is ${what}`, async () => {
      const invoice = await sentInvoice();
      const intentId = await payByCard(invoice.token);
      await act(invoice.id);
      await eventually(() => env.stripe.intents.get(intentId)!.status === "canceled");
      await eventually(async () => (await intentRow(intentId)).status === "cancelled");
      expect(() => env.stripe.succeed(intentId)).toThrow(/canceled/);
    });
  }

  it("stays open when the owner only switches the e-mail reminders", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    await owner.patch(`/api/invoices/${invoice.id}`).send({ remindersEnabled: false }).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a sweep
    expect(env.stripe.intents.get(intentId)!.status).toBe("requires_payment_method");
    expect((await intentRow(intentId)).status).toBe("open");
    expect(await payByCard(invoice.token)).toBe(intentId);
  });

  it("is cancelled once Stripe answers again when it was down at the change", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.failNext("cancel", 3);
    await owner.post(`/api/invoices/${invoice.id}/cancel`).expect(200);
    await eventually(() => env.stripe.intents.get(intentId)!.status === "canceled");
    const cancels = env.stripe.requests.filter((r) => r.path === `/v1/payment_intents/${intentId}/cancel`);
    expect(cancels.length).toBeGreaterThanOrEqual(4);
    // Stripe answers before the job records it: the row follows a moment later.
    await eventually(async () => (await intentRow(intentId)).status === "cancelled");
  });

  it("made while the invoice is being edited, is cancelled and replaced by one for the new total", async () => {
    const invoice = await sentInvoice();
    env.stripe.setDelay(400);
    try {
      const paying = payByCard(invoice.token);
      await new Promise((resolve) => setTimeout(resolve, 150));
      await owner.patch(`/api/invoices/${invoice.id}`).send({ tax: "20.00", total: "120.00" }).expect(200);
      const intentId = await paying;
      expect(env.stripe.intents.get(intentId)).toMatchObject({ amount: 12000 });
      const stale = [...env.stripe.intents.values()].find(
        (intent) => intent.metadata.invoiceId === invoice.id && intent.id !== intentId,
      )!;
      expect(stale.amount).toBe(10750);
      await eventually(() => stale.status === "canceled");
    } finally {
      env.stripe.setDelay(0);
    }
  });

  it("gives the client a new payment for the invoice as it now is, also when edited back to an earlier total", async () => {
    const invoice = await sentInvoice();
    const first = await payByCard(invoice.token);
    expect(await payByCard(invoice.token)).toBe(first);
    await owner.patch(`/api/invoices/${invoice.id}`).send({ tax: "20.00", total: "120.00" }).expect(200);
    const second = await payByCard(invoice.token);
    expect(env.stripe.intents.get(second)).toMatchObject({ amount: 12000, status: "requires_payment_method" });
    await owner.patch(`/api/invoices/${invoice.id}`).send({ tax: "7.50", total: "107.50" }).expect(200);
    const third = await payByCard(invoice.token);
    expect(third).not.toBe(first);
    expect(env.stripe.intents.get(third)).toMatchObject({ amount: 10750, status: "requires_payment_method" });
    env.stripe.succeed(third);
    expect((await complete(invoice.token, third).expect(200)).body.status).toBe("paid");
  });
});

describe("a payment that goes through but cannot pay its invoice", () => {
  it("is refunded once when the invoice was cancelled: timeline, client and owner told, the page answers 409", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    // Stripe is down when the invoice is cancelled, so the client can still pay.
    env.stripe.failNext("cancel", 1000);
    await owner.post(`/api/invoices/${invoice.id}/cancel`).expect(200);
    env.stripe.succeed(intentId);
    const answer = await complete(invoice.token, intentId).expect(409);
    expect(answer.body.message).toBe("This invoice was cancelled, so your payment will be refunded.");
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await complete(invoice.token, intentId).expect(409);
    await eventually(() => refundsOf(intentId).length === 1);
    await eventually(async () => (await intentRow(intentId)).status === "refunded");
    expect((await intentRow(intentId)).refundId).toBe(refundsOf(intentId)[0].id);
    expect((await storedInvoice(env.app, invoice.id)).status).toBe("cancelled");
    const detail = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    const refunded = detail.events.filter((e: { kind: string }) => e.kind === "payment-refunded");
    expect(refunded).toHaveLength(1);
    expect(refunded[0].detail).toEqual({ amount: "107.50", refundReason: "cancelled", to: "rosa@client.test" });
    expect(await templatesAbout(invoice.id)).toEqual([
      ["invoice-payment-refunded", "rosa@client.test"],
      ["invoice-payment-refunded-notice", "card-owner@x.test"],
    ]);
  });

  it("is refunded when the invoice was marked paid another way meanwhile", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.failNext("cancel", 1000);
    await owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "2031-03-14" }).expect(200);
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await eventually(() => refundsOf(intentId).length === 1);
    expect(await storedInvoice(env.app, invoice.id)).toMatchObject({ status: "paid", paidNote: null });
    expect((await complete(invoice.token, intentId).expect(409)).body.message).toBe(
      "This invoice was already paid, so your payment will be refunded.",
    );
    const kinds = await eventKinds(env.app, invoice.id);
    expect(kinds.filter((kind) => kind === "paid")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "payment-refunded")).toHaveLength(1);
  });

  it("is refunded when $100 was paid on an invoice edited to $120, which still asks for $120", async () => {
    const invoice = await sentInvoice({ tax: "0.00", total: "100.00" });
    const intentId = await payByCard(invoice.token);
    env.stripe.failNext("cancel", 1000);
    await owner.patch(`/api/invoices/${invoice.id}`).send({ tax: "20.00", total: "120.00" }).expect(200);
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await eventually(() => refundsOf(intentId).length === 1);
    expect(refundsOf(intentId)[0].amount).toBe(10000);
    expect(await storedInvoice(env.app, invoice.id)).toMatchObject({ status: "sent", total: "120.00" });
    const detail = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    expect(detail.events.at(-1)).toMatchObject({
      kind: "payment-refunded",
      detail: { amount: "100.00", refundReason: "changed" },
    });
    const view = await env.app.agent().get(`/api/public/invoices/${invoice.token}`).expect(200);
    expect(view.body).toMatchObject({ canPayByCard: true, invoice: { total: "120.00" } });
  });

  it("is refunded when it paid an amount other than the invoice's total", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.intents.get(intentId)!.amount = 100;
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await eventually(() => refundsOf(intentId).length === 1);
    expect((await storedInvoice(env.app, invoice.id)).status).toBe("sent");
  });

  it("is refunded once when the refund is asked again a day later (Stripe has forgotten its key)", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.intents.get(intentId)!.amount = 100;
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await eventually(async () => (await intentRow(intentId)).status === "refunded");
    const { refundId } = await intentRow(intentId);
    // As if the refund had not been recorded: the job asks Stripe again.
    env.stripe.forgetIdempotencyKeys();
    await env.app.db
      .update(invoicePaymentIntents)
      .set({ status: "refunding", refundId: null })
      .where(eq(invoicePaymentIntents.paymentIntentId, intentId));
    await eventually(async () => (await intentRow(intentId)).status === "refunded");
    expect((await intentRow(intentId)).refundId).toBe(refundId);
    expect(refundsOf(intentId)).toHaveLength(1);
  });

  it("is refunded once even when Stripe refuses the refund at first", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.failNext("cancel", 1000);
    env.stripe.failNext("refund", 2);
    await owner.post(`/api/invoices/${invoice.id}/cancel`).expect(200);
    env.stripe.succeed(intentId);
    await postWebhook(env.app.agent(), env.stripe.event("payment_intent.succeeded", intentId)).expect(200);
    await eventually(async () => (await intentRow(intentId)).status === "refunded");
    expect(refundsOf(intentId)).toHaveLength(1);
    const asked = env.stripe.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/refunds" && r.body.payment_intent === intentId,
    );
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(new Set(asked.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it("never pays the invoice when its refund was reported before its success", async () => {
    const invoice = await sentInvoice();
    const intentId = await payByCard(invoice.token);
    env.stripe.succeed(intentId);
    // Refunded in Stripe's dashboard; Stripe delivers the refund first and the success last.
    const [succeeded] = env.stripe.eventsOf(intentId);
    await postWebhook(env.app.agent(), env.stripe.chargeRefunded(intentId)).expect(200);
    await postWebhook(env.app.agent(), succeeded).expect(200);
    await complete(invoice.token, intentId).expect(409);
    expect((await storedInvoice(env.app, invoice.id)).status).toBe("sent");
    expect(await eventKinds(env.app, invoice.id)).not.toContain("paid");
    expect((await intentRow(intentId)).status).toBe("refunded");
  });
});

describe("idempotency keys", () => {
  it("let the client pay after their e-mail was corrected once Pay now had been clicked", async () => {
    const invoice = await sentInvoice();
    const first = await payByCard(invoice.token);
    await owner.patch(`/api/invoices/${invoice.id}`).send({ clientEmail: "rosa.diaz@client.test" }).expect(200);
    const second = await payByCard(invoice.token);
    expect(second).not.toBe(first);
    const create = env.stripe.requests.filter((r) => r.path === "/v1/payment_intents" && r.method === "POST").at(-1)!;
    expect(create.body.receipt_email).toBe("rosa.diaz@client.test");
  });
});
