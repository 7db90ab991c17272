import Stripe from "stripe";
import { describe, expect, it, vi } from "vitest";
import type { StripeClient } from "../../integrations/stripe";
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
