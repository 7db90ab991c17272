import { describe, expect, it } from "vitest";
import { idempotencyKey } from "./checkout-payments";

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
