import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  canonical,
  expansions,
  latestCharge,
  newCharge,
  parseStripeForm,
  randomId,
  setChargeFee,
  standardCardFee,
  stripeError,
  type StandInCharge,
} from "./stripe-stand-in-parts";

export { parseStripeForm };

/**
 * TEST STAND-IN for Stripe's PaymentIntents and Refunds REST endpoints (create, list by
 * payment_intent; never used by the app itself).
 * The real `stripe` client is pointed at it with STRIPE_API_BASE, so tests exercise the
 * SDK's own request encoding (form-encoded bodies, nested `metadata[key]` fields, the
 * Idempotency-Key header) and error parsing. Intents live in memory; a test plays the
 * customer's part with `succeed()` / `fail()`.
 *
 * It keeps Stripe's rules where they decide what the app must cope with: a key reused with
 * other parameters is refused (400 idempotency_error); a canceled PaymentIntent cannot be paid
 * or canceled again, nor a succeeded one canceled; a declined card leaves the intent
 * requires_payment_method, so it can still be paid; a charge is refunded once. A paid intent has
 * a charge whose balance transaction holds Stripe's fee (stripe-stand-in-parts.ts). Every change
 * also records the event Stripe would send (`emitted`), with the object as it was then, so a
 * test can deliver them late, twice or in any order.
 */

export type StandInStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "succeeded" | "canceled";

export interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: StandInStatus;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  last_payment_error: null | { type: string; code: string; message: string };
  automatic_payment_methods: { enabled: boolean } | null;
  /** The charge's id once paid (the charge itself when a retrieve expands it); absent on one a test writes itself. */
  latest_charge?: string | null;
}

/** A Stripe event as a webhook carries it. */
export interface StandInEvent {
  id: string;
  object: "event";
  type: string;
  data: { object: StandInIntent | Record<string, unknown> };
}

/** The Stripe calls a test can make fail (an outage: 500, no retry). */
export type StandInOperation = "create" | "cancel" | "refund";

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:40123, for STRIPE_API_BASE. */
  url: string;
  intents: Map<string, StandInIntent>;
  /** Refunds created, in order (one per idempotency key). */
  refunds: StandInRefund[];
  /** Every request received, in order (method, path, parsed form body, idempotency key). */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey?: string }[];
  /**
   * The customer pays: refused (throws) for a canceled intent, as Stripe refuses it. The charge's
   * balance transaction holds `fee` cents (Stripe's standard US card price unless named), or
   * none yet with `fee: null` (Stripe's asynchronous capture).
   */
  succeed(id: string, options?: { fee?: number | null }): StandInIntent;
  /** The charge's balance transaction arrives (or changes) with this fee; null takes it away. */
  setFee(intentId: string, fee: number | null): void;
  /** A declined card: the intent goes back to requires_payment_method and can still be paid. */
  fail(id: string, message?: string): StandInIntent;
  setStatus(id: string, status: StandInStatus): StandInIntent;
  /** The next `count` create calls answer 500 (a Stripe outage). */
  failNextCreates(count?: number): void;
  /** The next `count` calls of `operation` answer 500 (a Stripe outage). */
  failNext(operation: StandInOperation, count?: number): void;
  /** The events Stripe would have sent so far, oldest first (succeeded, payment_failed, canceled, charge.refunded). */
  emitted: StandInEvent[];
  /** The emitted events about one intent, oldest first. */
  eventsOf(intentId: string): StandInEvent[];
  /**
   * Stripe forgets an idempotency key after 24 hours: the same key then makes a new call. This
   * plays that day passing.
   */
  forgetIdempotencyKeys(): void;
  /** Every answer waits this long first (a slow Stripe); 0 answers at once again. */
  setDelay(ms: number): void;
  /** Requests received but not answered yet. */
  readonly inFlight: number;
  /** A Stripe event object for a webhook payload, carrying a copy of the intent. */
  event(type: string, intentId: string): StandInEvent & { data: { object: StandInIntent } };
  /** charge.refunded for the intent's charge, fully refunded unless `partial`. */
  chargeRefunded(intentId: string, partial?: boolean): StandInEvent;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  /** Each paid intent's charge, by the intent's id. */
  const charges = new Map<string, StandInCharge>();
  const idempotent = new Map<string, string>();
  /** What each idempotency key was first used for: path and parameters. */
  const keyedRequests = new Map<string, string>();
  const requests: StripeStandIn["requests"] = [];
  const refunds: StandInRefund[] = [];
  const emitted: StandInEvent[] = [];
  const failing: Record<StandInOperation, number> = { create: 0, cancel: 0, refund: 0 };
  let delayMs = 0;
  let inFlight = 0;

  function intentEvent(type: string, intent: StandInIntent) {
    const event = { id: randomId("evt"), object: "event" as const, type, data: { object: structuredClone(intent) } };
    return event;
  }

  function chargeRefundedEvent(intent: StandInIntent, partial: boolean, amountRefunded?: number): StandInEvent {
    return {
      id: randomId("evt"),
      object: "event",
      type: "charge.refunded",
      // Stripe copies the PaymentIntent's metadata onto the charge it makes.
      data: {
        object: {
          id: `ch_${intent.id.slice("pi_".length)}`,
          object: "charge",
          amount: intent.amount,
          amount_refunded: amountRefunded ?? (partial ? Math.floor(intent.amount / 2) : intent.amount),
          refunded: !partial,
          payment_intent: intent.id,
          currency: intent.currency,
          metadata: { ...intent.metadata },
        },
      },
    };
  }

  /** An outage of `operation` answers 500 (true) while one is pending. */
  function outage(res: http.ServerResponse, operation: StandInOperation): boolean {
    if (failing[operation] <= 0) return false;
    failing[operation] -= 1;
    stripeError(res, 500, { type: "api_error", message: "The stand-in is simulating an outage" });
    return true;
  }

  /**
   * Stripe's idempotency: a key used again with the same path and parameters replays the first
   * answer; with anything else it is refused. True when the request was refused.
   */
  function keyMisused(res: http.ServerResponse, key: string | undefined, path: string, body: unknown): boolean {
    if (!key) return false;
    const request = `${path} ${canonical(body)}`;
    const first = keyedRequests.get(key);
    if (first === undefined) {
      keyedRequests.set(key, request);
      return false;
    }
    if (first === request) return false;
    stripeError(res, 400, {
      type: "idempotency_error",
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
    return true;
  }

  function send(res: http.ServerResponse, body: unknown) {
    res.writeHead(200, { "Content-Type": "application/json", "Request-Id": randomId("req") });
    res.end(JSON.stringify(body));
  }

  function createIntent(body: Record<string, unknown>): StandInIntent {
    const id = randomId("pi");
    const intent: StandInIntent = {
      id,
      object: "payment_intent",
      amount: Number(body.amount),
      currency: String(body.currency ?? "").toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${crypto.randomBytes(12).toString("hex")}`,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      last_payment_error: null,
      automatic_payment_methods: body.automatic_payment_methods
        ? { enabled: (body.automatic_payment_methods as { enabled?: string }).enabled === "true" }
        : null,
      latest_charge: null,
    };
    intents.set(id, intent);
    return intent;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      inFlight += 1;
      res.once("close", () => (inFlight -= 1));
      if (delayMs > 0) setTimeout(() => answer(req, res, chunks), delayMs);
      else answer(req, res, chunks);
    });
  });

  function answer(req: http.IncomingMessage, res: http.ServerResponse, chunks: Buffer[]) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const text = req.method === "GET" ? url.searchParams.toString() : Buffer.concat(chunks).toString("utf8");
    const body = parseStripeForm(text);
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({ method: req.method ?? "", path: url.pathname, body, idempotencyKey });

    if (!/^Bearer sk_/.test(req.headers.authorization ?? "")) {
      return stripeError(res, 401, { type: "invalid_request_error", message: "Invalid API Key provided" });
    }
    if (url.pathname === "/v1/refunds" && req.method === "GET") {
      // refunds.list({ payment_intent }): newest first, as Stripe lists them.
      const data = refunds.filter((r) => r.payment_intent === String(body.payment_intent ?? "")).reverse();
      return send(res, { object: "list", url: "/v1/refunds", has_more: false, data });
    }
    if (url.pathname === "/v1/refunds" && req.method === "POST") {
      if (outage(res, "refund") || keyMisused(res, idempotencyKey, url.pathname, body)) return;
      const previous = idempotencyKey ? refunds.find((r) => idempotent.get(idempotencyKey) === r.id) : undefined;
      if (previous) return send(res, previous);
      const intent = intents.get(String(body.payment_intent));
      if (!intent || intent.status !== "succeeded") {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          message: "This PaymentIntent has no charge to refund",
        });
      }
      // A partial refund (`amount`) as Stripe takes it: any number of them up to the charge.
      const refundedSoFar = refunds.filter((r) => r.payment_intent === intent.id).reduce((n, r) => n + r.amount, 0);
      if (refundedSoFar >= intent.amount) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: `Charge ch_${intent.id.slice("pi_".length)} has already been refunded.`,
        });
      }
      const amount = body.amount === undefined ? intent.amount - refundedSoFar : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || refundedSoFar + amount > intent.amount) {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "amount_too_large",
          message: `Refund amount (${amount}) is greater than the unrefunded charge.`,
        });
      }
      const refund = {
        id: randomId("re"),
        object: "refund" as const,
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: "succeeded" as const,
        metadata: (body.metadata as Record<string, string>) ?? {},
      };
      refunds.push(refund);
      emitted.push(chargeRefundedEvent(intent, refundedSoFar + amount < intent.amount, refundedSoFar + amount));
      if (idempotencyKey) idempotent.set(idempotencyKey, refund.id);
      return send(res, refund);
    }
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/.exec(url.pathname);
    if (!match)
      return stripeError(res, 404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      });
    const [, id, cancel] = match;

    if (!id && req.method === "POST") {
      if (outage(res, "create") || keyMisused(res, idempotencyKey, url.pathname, body)) return;
      const previous = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      const intent = previous ? intents.get(previous)! : createIntent(body);
      if (idempotencyKey) idempotent.set(idempotencyKey, intent.id);
      return send(res, intent);
    }
    const intent = id ? intents.get(decodeURIComponent(id)) : undefined;
    if (!intent) {
      return stripeError(res, 404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "intent",
        message: `No such payment_intent: '${id ?? ""}'`,
      });
    }
    if (req.method === "GET") {
      const expand = expansions(body);
      if (!expand.length) return send(res, intent);
      return send(res, { ...intent, latest_charge: latestCharge(charges.get(intent.id), intent, expand) });
    }
    if (req.method === "POST" && cancel) {
      if (outage(res, "cancel")) return;
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return stripeError(res, 400, {
          type: "invalid_request_error",
          code: "payment_intent_unexpected_state",
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        });
      }
      intent.status = "canceled";
      emitted.push(intentEvent("payment_intent.canceled", intent));
      return send(res, intent);
    }
    if (req.method === "POST") {
      if (body.amount !== undefined) intent.amount = Number(body.amount);
      if (body.metadata) intent.metadata = { ...intent.metadata, ...(body.metadata as Record<string, string>) };
      return send(res, intent);
    }
    return stripeError(res, 405, { type: "invalid_request_error", message: "Method not allowed" });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function must(id: string) {
    const intent = intents.get(id);
    if (!intent) throw new Error(`stand-in: no intent ${id}`);
    return intent;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    emitted,
    eventsOf: (intentId) =>
      emitted.filter((event) => {
        const object = event.data.object as Record<string, unknown>;
        return object.id === intentId || object.payment_intent === intentId;
      }),
    succeed(id, options = {}) {
      const intent = must(id);
      if (intent.status === "canceled") throw new Error(`stand-in: ${id} is canceled and cannot be paid`);
      const charge = newCharge(id, options.fee === undefined ? standardCardFee(intent.amount) : options.fee);
      charges.set(id, charge);
      Object.assign(intent, { status: "succeeded" as const, last_payment_error: null, latest_charge: charge.id });
      emitted.push(intentEvent("payment_intent.succeeded", intent));
      return intent;
    },
    fail(id, message = "Your card was declined.") {
      const intent = must(id);
      if (intent.status === "canceled") throw new Error(`stand-in: ${id} is canceled and cannot be paid`);
      Object.assign(intent, {
        status: "requires_payment_method" as const,
        last_payment_error: { type: "card_error", code: "card_declined", message },
      });
      emitted.push(intentEvent("payment_intent.payment_failed", intent));
      return intent;
    },
    setFee(intentId, fee) {
      const charge = charges.get(intentId);
      if (!charge) throw new Error(`stand-in: ${intentId} has no charge`);
      setChargeFee(charge, fee);
    },
    setStatus: (id, status) => Object.assign(must(id), { status }),
    failNextCreates(count = 1) {
      failing.create = count;
    },
    failNext(operation, count = 1) {
      failing[operation] = count;
    },
    forgetIdempotencyKeys() {
      idempotent.clear();
      keyedRequests.clear();
    },
    setDelay(ms) {
      delayMs = ms;
    },
    get inFlight() {
      return inFlight;
    },
    event: (type, intentId) => intentEvent(type, must(intentId)),
    chargeRefunded: (intentId, partial = false) => chargeRefundedEvent(must(intentId), partial),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
