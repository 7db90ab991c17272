import { describe, expect, it, vi } from "vitest";
import { createIntentOrRollBack, idempotencyKey, type CreateIntentInput } from "./checkout-payments";

const params = {
  amount: 10750,
  currency: "usd",
  metadata: { invoiceId: "inv-1" },
  description: "Invoice INV-7",
  receipt_email: "rosa@client.test",
  automatic_payment_methods: { enabled: true },
};

describe("idempotency keys of Stripe calls", () => {
  it("are the same for the same parameters, in any order, and keep the scope readable", () => {
    const { receipt_email, ...rest } = params;
    const reordered = { receipt_email, ...rest, metadata: { invoiceId: "inv-1" } };
    expect(idempotencyKey("invoice-inv-1-0", params)).toBe(idempotencyKey("invoice-inv-1-0", reordered));
    expect(idempotencyKey("invoice-inv-1-0", params)).toMatch(/^invoice-inv-1-0-[0-9a-f]{32}$/);
  });

  it("differ when any parameter sent differs, nested ones and a missing one included", () => {
    const key = idempotencyKey("scope", params);
    const changes = [
      { amount: 12000 },
      { receipt_email: "rosa.diaz@client.test" },
      { receipt_email: undefined },
      { description: "Invoice INV-8" },
      { metadata: { invoiceId: "inv-2" } },
      { automatic_payment_methods: { enabled: false } },
    ];
    for (const change of changes) expect(idempotencyKey("scope", { ...params, ...change })).not.toBe(key);
    expect(idempotencyKey("other-scope", params)).not.toBe(key);
  });
});

const input: CreateIntentInput = {
  amountCents: 2500,
  metadata: { orderId: "order-1" },
  idempotencyScope: "order-1",
  description: "Order #1001",
};

function rollback(undo: () => Promise<unknown>) {
  const logger = { warn: vi.fn() };
  return {
    rollback: { undo: vi.fn(undo), logger, context: { orderId: "order-1" }, failure: "could not undo" },
    logger,
  };
}

describe("createIntentOrRollBack", () => {
  it("answers Stripe's intent and leaves the hold alone when Stripe answers", async () => {
    const payments = { createPaymentIntent: vi.fn(async () => ({ id: "pi_1", clientSecret: "secret" })) };
    const { rollback: undo } = rollback(async () => undefined);
    await expect(createIntentOrRollBack(payments, input, undo)).resolves.toEqual({
      id: "pi_1",
      clientSecret: "secret",
    });
    expect(payments.createPaymentIntent).toHaveBeenCalledWith(input);
    expect(undo.undo).not.toHaveBeenCalled();
  });

  it("undoes the hold and answers Stripe's own error when Stripe fails", async () => {
    const failure = Object.assign(new Error("Stripe is down"), { status: 502 });
    const payments = { createPaymentIntent: vi.fn(async () => Promise.reject(failure)) };
    const { rollback: undo, logger } = rollback(async () => undefined);
    await expect(createIntentOrRollBack(payments, input, undo)).rejects.toBe(failure);
    expect(undo.undo).toHaveBeenCalledTimes(1);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("logs an undo that fails too, and still answers Stripe's error", async () => {
    const failure = new Error("Stripe is down");
    const payments = { createPaymentIntent: vi.fn(async () => Promise.reject(failure)) };
    const cleanup = new Error("database gone");
    const { rollback: undo, logger } = rollback(async () => Promise.reject(cleanup));
    await expect(createIntentOrRollBack(payments, input, undo)).rejects.toBe(failure);
    expect(logger.warn).toHaveBeenCalledWith({ err: cleanup, orderId: "order-1" }, "could not undo");
  });

  it("undoes nothing for a checkout that held nothing", async () => {
    const failure = new Error("Stripe is down");
    const payments = { createPaymentIntent: vi.fn(async () => Promise.reject(failure)) };
    await expect(createIntentOrRollBack(payments, input, null)).rejects.toBe(failure);
  });
});
