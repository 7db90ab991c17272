import { describe, expect, it, vi } from "vitest";
import type { Transaction } from "../../db/database";
import type { StripeEvent } from "../../integrations/stripe";
import type { StripeEventsRepository } from "./stripe-events.repository";
import { createStripeWebhookService } from "./stripe-webhook.service";

const tx = {} as Transaction;
const events = {
  transaction: (work: (t: Transaction) => Promise<unknown>) => work(tx),
  record: async () => true,
} as unknown as StripeEventsRepository;

function intentEvent(type: string, metadata: Record<string, string>) {
  return { id: `evt_${type}`, type, data: { object: { id: "pi_1", metadata } } } as unknown as StripeEvent;
}

describe("the payment handler registry", () => {
  it("hands each PaymentIntent to the handler registered for the metadata key it carries", async () => {
    const webhook = createStripeWebhookService({ events, afterCommit: () => {} });
    const tickets = vi.fn(async () => {});
    const invoices = vi.fn(async () => {});
    webhook.onPaymentIntent("ticketOrderId", tickets);
    webhook.onPaymentIntent("invoiceId", invoices);

    await webhook.handle(intentEvent("payment_intent.succeeded", { invoiceId: "inv-1" }));
    await webhook.handle(intentEvent("payment_intent.payment_failed", { ticketOrderId: "t-1" }));
    await webhook.handle(intentEvent("payment_intent.succeeded", { somethingElse: "x" }));

    expect(invoices).toHaveBeenCalledExactlyOnceWith(
      tx,
      expect.objectContaining({ metadata: { invoiceId: "inv-1" } }),
      "paid",
      undefined,
    );
    expect(tickets).toHaveBeenCalledExactlyOnceWith(
      tx,
      expect.objectContaining({ metadata: { ticketOrderId: "t-1" } }),
      "failed",
      undefined,
    );
  });

  it("asks a handler's preparation before the event's transaction and hands its answer in", async () => {
    const steps: string[] = [];
    const inTransaction = {
      transaction: async (work: (t: Transaction) => Promise<unknown>) => {
        steps.push("begin");
        const result = await work(tx);
        steps.push("commit");
        return result;
      },
      record: async () => true,
    } as unknown as StripeEventsRepository;
    const webhook = createStripeWebhookService({ events: inTransaction, afterCommit: () => {} });
    const store = vi.fn(async () => void steps.push("handler"));
    webhook.onPaymentIntent("storePurchaseId", store, async (intent, outcome) => {
      steps.push("prepare");
      return { fee: 58, intentId: intent.id, outcome };
    });

    await webhook.handle(intentEvent("payment_intent.succeeded", { storePurchaseId: "p-1" }));
    expect(steps).toEqual(["prepare", "begin", "handler", "commit"]);
    expect(store).toHaveBeenCalledExactlyOnceWith(tx, expect.objectContaining({ id: "pi_1" }), "paid", {
      fee: 58,
      intentId: "pi_1",
      outcome: "paid",
    });
  });

  it("refuses a second handler for the same metadata key", () => {
    const webhook = createStripeWebhookService({ events, afterCommit: () => {} });
    webhook.onPaymentIntent("vendorBookingId", async () => {});
    expect(() => webhook.onPaymentIntent("vendorBookingId", async () => {})).toThrow(/already registered/);
  });
});

describe("payment failures", () => {
  it("are counted when Stripe reports a declined payment for a known checkout, and only then", async () => {
    const onFailure = vi.fn();
    const webhook = createStripeWebhookService({ events, afterCommit: () => {}, onFailure });
    webhook.onPaymentIntent("ticketOrderId", async () => {});

    await webhook.handle(intentEvent("payment_intent.succeeded", { ticketOrderId: "t-1" }));
    await webhook.handle(intentEvent("payment_intent.payment_failed", { somethingElse: "x" }));
    expect(onFailure).not.toHaveBeenCalled();
    await webhook.handle(intentEvent("payment_intent.payment_failed", { ticketOrderId: "t-2" }));
    expect(onFailure).toHaveBeenCalledExactlyOnceWith("declined");
  });
});
