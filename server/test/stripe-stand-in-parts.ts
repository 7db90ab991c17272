import crypto from "node:crypto";
import type http from "node:http";

// TEST STAND-IN pieces of stripe-stand-in.ts: Stripe's form encoding, its error answers, and the
// charge a succeeded PaymentIntent made with its balance transaction.

/** Parses `a=1&metadata[b]=2&x[y][z]=3` into nested objects, as Stripe does. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

export function randomId(prefix: string) {
  return `${prefix}_${crypto.randomBytes(12).toString("hex")}`;
}

/** The same parameters in any key order: what Stripe compares when a key is used again. */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
}

export function stripeError(res: http.ServerResponse, status: number, error: Record<string, string>) {
  // Stripe-Should-Retry: false keeps the SDK from retrying, so a simulated outage is seen.
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Request-Id": randomId("req"),
    "Stripe-Should-Retry": "false",
  });
  res.end(JSON.stringify({ error }));
}

/**
 * The charge a succeeded PaymentIntent made and its balance transaction, the part of Stripe that
 * says what a payment cost in fees. A charge's balance transaction may be missing for a while
 * (Stripe's asynchronous capture): `fee: null` plays that, and a later `setFee` plays it arriving.
 */
export interface StandInCharge {
  id: string;
  /** Stripe's fee in cents; null while the charge has no balance transaction yet. */
  fee: number | null;
  balanceTransactionId: string | null;
}

/** Stripe's standard price for a US card: 2.9 % + 30¢, in cents (what a test gets unless it names a fee). */
export function standardCardFee(amountCents: number): number {
  return Math.round(amountCents * 0.029) + 30;
}

export function newCharge(intentId: string, fee: number | null): StandInCharge {
  return {
    id: `ch_${intentId.slice("pi_".length)}`,
    fee,
    balanceTransactionId: fee === null ? null : randomId("txn"),
  };
}

export function setChargeFee(charge: StandInCharge, fee: number | null): void {
  charge.fee = fee;
  charge.balanceTransactionId = fee === null ? null : (charge.balanceTransactionId ?? randomId("txn"));
}

/** The balance transaction as Stripe answers it, in the account's currency (USD here). */
function balanceTransaction(charge: StandInCharge, amount: number) {
  return {
    id: charge.balanceTransactionId,
    object: "balance_transaction",
    amount,
    currency: "usd",
    exchange_rate: null,
    fee: charge.fee,
    net: amount - (charge.fee ?? 0),
    source: charge.id,
    status: "pending",
    type: "charge",
  };
}

/** `expand[]` as the SDK sends it on a GET (`expand[0]=latest_charge.balance_transaction`). */
export function expansions(body: Record<string, unknown>): string[] {
  const expand = body.expand;
  if (!expand || typeof expand !== "object") return [];
  return Object.values(expand as Record<string, string>);
}

/**
 * The intent's `latest_charge` as Stripe writes it: the charge's id, or the charge itself when
 * `latest_charge` is expanded, with its balance transaction's id or (expanded too) the object.
 */
export function latestCharge(
  charge: StandInCharge | undefined,
  intent: { id: string; amount: number; currency: string; metadata: Record<string, string> },
  expand: string[],
): unknown {
  if (!charge) return null;
  if (!expand.some((path) => path === "latest_charge" || path.startsWith("latest_charge."))) return charge.id;
  const expandedTransaction = expand.includes("latest_charge.balance_transaction");
  return {
    id: charge.id,
    object: "charge",
    amount: intent.amount,
    currency: intent.currency,
    payment_intent: intent.id,
    metadata: { ...intent.metadata },
    balance_transaction:
      charge.balanceTransactionId === null
        ? null
        : expandedTransaction
          ? balanceTransaction(charge, intent.amount)
          : charge.balanceTransactionId,
  };
}
