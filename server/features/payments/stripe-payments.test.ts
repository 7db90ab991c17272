import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppConfig } from "../../config";
import { createStripeClient, type StripeClient } from "../../integrations/stripe";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";
import { createCheckoutPayments } from "./stripe-payments";

/** A test stand-in for the Stripe client whose calls fail as Stripe's library fails them. */
function failingStripe(error: Error): StripeClient {
  const reject = () => Promise.reject(error);
  return {
    paymentIntents: { create: reject, retrieve: reject },
    refunds: { create: reject },
  } as unknown as StripeClient;
}

const input = { amountCents: 1500, metadata: {}, idempotencyScope: "k", description: "d" };

describe("the checkouts' Stripe calls", () => {
  it("count a failed call and answer 502 in plain words", async () => {
    const onFailure = vi.fn();
    const payments = createCheckoutPayments(
      failingStripe(new Stripe.errors.StripeAPIError({ message: "boom", type: "api_error" })),
      5,
      onFailure,
    );
    await expect(payments.createPaymentIntent(input)).rejects.toMatchObject({ status: 502 });
    expect(onFailure).toHaveBeenCalledExactlyOnceWith("provider_error");
  });

  it("do not count an unknown payment id, which is the caller's mistake (404)", async () => {
    const onFailure = vi.fn();
    const notFound = new Stripe.errors.StripeInvalidRequestError({
      message: "No such payment_intent",
      type: "invalid_request_error",
      code: "resource_missing",
      statusCode: 404,
    });
    const payments = createCheckoutPayments(failingStripe(notFound), 5, onFailure);
    await expect(payments.retrievePaymentIntent("pi_unknown")).rejects.toMatchObject({ status: 404 });
    expect(onFailure).not.toHaveBeenCalled();
  });
});

describe("a refund asked for again after Stripe forgot its idempotency key", () => {
  let stand: StripeStandIn;
  beforeAll(async () => {
    stand = await startStripeStandIn();
  });
  afterAll(() => stand.close());

  function paymentsOnStandIn() {
    const url = new URL(stand.url);
    return createCheckoutPayments(
      createStripeClient({
        secretKey: "sk_test_stand_in",
        publishableKey: "pk_test_stand_in",
        webhookSecret: "whsec_x",
        apiBase: { host: url.hostname, port: Number(url.port), protocol: "http" },
      } as AppConfig["stripe"]),
      5,
    );
  }

  it("answers the refund already made for the same purpose instead of refunding twice", async () => {
    const payments = paymentsOnStandIn();
    const intent = await payments.createPaymentIntent({ ...input, amountCents: 5000 });
    stand.succeed(intent.id);
    const first = await payments.createRefund({
      paymentIntentId: intent.id,
      idempotencyScope: "merchandise-refund-a",
      amountCents: 1200,
    });
    stand.forgetIdempotencyKeys();
    const again = await payments.createRefund({
      paymentIntentId: intent.id,
      idempotencyScope: "merchandise-refund-a",
      amountCents: 1200,
    });
    expect(again.id).toBe(first.id);
    expect(stand.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);

    // Another purpose on the same payment is its own refund.
    await payments.createRefund({
      paymentIntentId: intent.id,
      idempotencyScope: "merchandise-refund-b",
      amountCents: 800,
    });
    expect(stand.refunds.filter((r) => r.payment_intent === intent.id).map((r) => r.amount)).toEqual([1200, 800]);
  });
});
