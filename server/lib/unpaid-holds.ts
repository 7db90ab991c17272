import { sql } from "drizzle-orm";
import type { Transaction } from "../db/database";
import { HttpError } from "./http-error";

/**
 * The limit on unpaid checkouts that every paid checkout shares (vendor slots, merchandise):
 * see docs/decisions/006-payment-settlement.md.
 *
 * How long a started checkout (a merchandise order reserving stock, a vendor booking) may stay
 * unpaid before it stops holding anything: long enough to type a card number and pass a bank's
 * check, short enough that nobody can sit on an item's stock.
 */
export const CHECKOUT_HOLD_MINUTES = 10;
export const CHECKOUT_HOLD_MS = CHECKOUT_HOLD_MINUTES * 60 * 1000;

export const TOO_MANY_UNPAID_MESSAGE = `You have too many unpaid checkouts. Finish paying for one, or try again in ${CHECKOUT_HOLD_MINUTES} minutes.`;

export interface UnpaidHoldLimits {
  perAddress: number;
  perEmail: number;
}

export interface UnpaidHolder {
  /** The client's address as the rate limits key it (see clientAddress in lib/rate-limit). */
  clientAddress: string;
  email: string;
}

/** 429 when the address or the e-mail already holds as many unpaid checkouts as allowed. */
export function assertWithinUnpaidHolds(
  counts: { byAddress: number; byEmail: number },
  limits: UnpaidHoldLimits,
): void {
  if (counts.byAddress >= limits.perAddress || counts.byEmail >= limits.perEmail) {
    throw HttpError.tooMany(TOO_MANY_UNPAID_MESSAGE);
  }
}

/** The moment before which an unpaid checkout no longer holds anything. */
export function holdsSince(now = Date.now()): Date {
  return new Date(now - CHECKOUT_HOLD_MS);
}

/**
 * Serialises checkouts started by one address or for one e-mail (on every instance), so that
 * counting the holds and adding one cannot interleave and overshoot the limit. The locks end
 * with the transaction; addresses are always taken before e-mails, so two checkouts never
 * wait on each other in a circle.
 */
export async function lockUnpaidHolder(tx: Transaction, kind: string, holder: UnpaidHolder): Promise<void> {
  await lockHolds(tx, unpaidHolderKeys(kind, holder));
}

/**
 * The holder's lock keys, in the order they are taken (for a statement that takes them itself,
 * as the shop's order placement does: pg_advisory_xact_lock(hashtext(key)) for each).
 */
export function unpaidHolderKeys(kind: string, holder: UnpaidHolder): string[] {
  return [`unpaid:${kind}:address:${holder.clientAddress}`, `unpaid:${kind}:email:${holder.email.toLowerCase()}`];
}

/**
 * The same rule for a signed-in buyer whose holds are counted by account (ticket orders).
 * Under READ COMMITTED a statement sees only what committed before it began, so the lock must
 * come before the statement that counts the holds, in the same transaction: a lock taken
 * inside that statement would not let it see a hold committed while it waited.
 */
export async function lockUnpaidBuyer(tx: Transaction, kind: string, userId: string): Promise<void> {
  await lockHolds(tx, [`unpaid:${kind}:user:${userId}`]);
}

/** Transaction-scoped advisory locks, one per key, taken in the order given. */
async function lockHolds(tx: Transaction, keys: string[]): Promise<void> {
  const locks = keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`);
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
}
