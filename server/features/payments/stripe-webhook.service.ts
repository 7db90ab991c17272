import type { Transaction } from "../../db/database";
import type { Charge, PaymentIntent, StripeEvent } from "../../integrations/stripe";
import type { StripeEventsRepository } from "./stripe-events.repository";

export type PaymentOutcome = "paid" | "failed";

/** What a handler wants done once the event's transaction committed (e.g. start a job), if anything. */
export type AfterCommit = (() => void) | void;

/**
 * Settles the record a PaymentIntent pays for, inside the transaction that records the event.
 * `prepared` is what its preparation answered, when it has one.
 */
export type PaymentIntentHandler = (
  tx: Transaction,
  intent: PaymentIntent,
  outcome: PaymentOutcome,
  prepared?: unknown,
) => Promise<AfterCommit>;

/**
 * What a handler needs from Stripe beyond the event (a sale's fee), asked before the event's
 * transaction opens: no transaction waits on the network (lib/checkout-payments.ts). It runs for
 * a redelivered event too. An error it throws fails the webhook and Stripe delivers the event
 * again later: a preparation that must not hold the record up answers "not known" instead.
 */
export type PaymentIntentPreparation = (intent: PaymentIntent, outcome: PaymentOutcome) => Promise<unknown>;

/** Records that a charge was refunded (fully or in part), inside the event's transaction. */
export type ChargeRefundedHandler = (tx: Transaction, charge: Charge) => Promise<AfterCommit>;

type EventHandler = (event: StripeEvent, tx: Transaction, prepared: unknown) => Promise<AfterCommit>;

/**
 * Stripe's word that a payment succeeded or failed settles the record it pays for even if the
 * buyer closed the browser (docs/decisions/006-payment-settlement.md).
 *
 * The dispatch is a small registry: each feature that creates PaymentIntents names the
 * metadata key it puts on them and registers one handler for that key (features/index.ts does
 * the wiring). A new kind of payment (tickets, invoices) adds one `onPaymentIntent` call there
 * and changes nothing here. Refunds (`charge.refunded`) go to the handler named by the charge's
 * metadata; a charge without a registered key (its intent's metadata not copied onto it) is
 * offered to every refund handler, each of which finds its own record by the charge's
 * PaymentIntent id and leaves anything else alone. Intents carrying no registered key
 * (anything else on the Stripe account) are ignored. A payment handler may register a
 * preparation too (PaymentIntentPreparation), run before the event's transaction.
 */
export function createStripeWebhookService(deps: {
  events: StripeEventsRepository;
  /** After an event's transaction committed (the e-mails it queued can go out). */
  afterCommit: () => void;
  /** Counts a payment that failed where no HTTP status shows it (a declined card reported by Stripe). */
  onFailure?: (kind: string) => void;
}) {
  const byMetadataKey = new Map<string, PaymentIntentHandler>();
  const preparationsByMetadataKey = new Map<string, PaymentIntentPreparation>();
  const refundsByMetadataKey = new Map<string, ChargeRefundedHandler>();

  function handlerFor<H>(handlers: Map<string, H>, metadata: Record<string, string> | null | undefined): H | undefined {
    for (const [metadataKey, handler] of handlers) if (metadata?.[metadataKey]) return handler;
    return undefined;
  }

  function settle(outcome: PaymentOutcome): EventHandler {
    return async (event, tx, prepared) => {
      const intent = event.data.object as PaymentIntent;
      const handler = handlerFor(byMetadataKey, intent.metadata);
      if (handler && outcome === "failed") deps.onFailure?.("declined");
      return handler?.(tx, intent, outcome, prepared);
    };
  }

  function prepare(outcome: PaymentOutcome) {
    return async (event: StripeEvent) => {
      const intent = event.data.object as PaymentIntent;
      return handlerFor(preparationsByMetadataKey, intent.metadata)?.(intent, outcome);
    };
  }

  const eventHandlers: Partial<Record<string, EventHandler>> = {
    "payment_intent.succeeded": settle("paid"),
    "payment_intent.payment_failed": settle("failed"),
    "charge.refunded": async (event, tx) => {
      const charge = event.data.object as Charge;
      const named = handlerFor(refundsByMetadataKey, charge.metadata);
      if (named) return named(tx, charge);
      const thens: AfterCommit[] = [];
      for (const handler of refundsByMetadataKey.values()) thens.push(await handler(tx, charge));
      return () => thens.forEach((then) => then?.());
    },
  };

  const preparations: Partial<Record<string, (event: StripeEvent) => Promise<unknown>>> = {
    "payment_intent.succeeded": prepare("paid"),
    "payment_intent.payment_failed": prepare("failed"),
  };

  function register<H>(handlers: Map<string, H>, metadataKey: string, handler: H) {
    if (handlers.has(metadataKey)) throw new Error(`A payment handler for "${metadataKey}" is already registered`);
    handlers.set(metadataKey, handler);
  }

  return {
    /**
     * Registers the handler for PaymentIntents whose metadata carries `metadataKey`, and its
     * preparation if it has one; one per key.
     */
    onPaymentIntent(metadataKey: string, handler: PaymentIntentHandler, preparation?: PaymentIntentPreparation): void {
      register(byMetadataKey, metadataKey, handler);
      if (preparation) register(preparationsByMetadataKey, metadataKey, preparation);
    },

    /** Registers the handler for refunded charges whose metadata carries `metadataKey`; one per key. */
    onChargeRefunded(metadataKey: string, handler: ChargeRefundedHandler): void {
      register(refundsByMetadataKey, metadataKey, handler);
    },

    /** Each event id is handled once: recorded in the same transaction as its effect. */
    async handle(event: StripeEvent): Promise<void> {
      const handler = eventHandlers[event.type];
      if (!handler) return;
      // Outside the transaction: a preparation may wait on Stripe.
      const prepared = await preparations[event.type]?.(event);
      const then = await deps.events.transaction(async (tx) => {
        if (!(await deps.events.record(event.id, event.type, tx))) return;
        return handler(event, tx, prepared);
      });
      deps.afterCommit();
      then?.();
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
