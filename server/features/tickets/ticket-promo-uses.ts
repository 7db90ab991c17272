import { and, eq, inArray, sql } from "drizzle-orm";
import { fromCents, toCents } from "@shared/money";
import { promoDiscountCents } from "@shared/ticket-promo-codes";
import { ticketPromoCodes } from "@shared/ticket-promo-codes.table";
import { ticketPurchases } from "@shared/tickets.table";
import type { Database, Transaction } from "../../db/database";
import { HttpError } from "../../lib/http-error";

export type PromoCodeRow = typeof ticketPromoCodes.$inferSelect;

/** The purchase's and the quote's refusals of a code, each a 400 naming the field `code`. */
export const PROMO_REFUSALS = {
  unknown: "This code is unknown. Check it and try again.",
  otherEvent: "This code is not for this event.",
  inactive: "This code is no longer valid.",
  notYet: "This code is not valid yet.",
  expired: "This code has expired.",
  usedUp: "This code has been used up.",
};

export function promoRefused(message: string): HttpError {
  return HttpError.badRequest(message, { code: [message] });
}

/**
 * Statuses whose orders keep their code's uses: held while the card is paid, or paid (and
 * admitted). A released, cancelled or refunded order gives them back by leaving these.
 */
export const USING_STATUSES = ["pending", "confirmed", "used"];

/** The tickets a code discounted on orders that still hold or paid them. */
export async function usesTaken(db: Database | Transaction, codeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${ticketPurchases.promoUses}), 0)::int` })
    .from(ticketPurchases)
    .where(and(eq(ticketPurchases.promoCodeId, codeId), inArray(ticketPurchases.status, USING_STATUSES)));
  return row.n;
}

/** Why a code of the right event cannot be used now, or null. */
export function promoWindowRefusal(row: PromoCodeRow, now = new Date()): string | null {
  if (!row.active) return PROMO_REFUSALS.inactive;
  if (row.startsAt && now < row.startsAt) return PROMO_REFUSALS.notYet;
  if (row.endsAt && now >= row.endsAt) return PROMO_REFUSALS.expired;
  return null;
}

/**
 * One use is one ticket: an order of `quantity` tickets has as many discounted as the code has
 * uses left; none left is a refusal.
 */
export function priceWithCode(row: PromoCodeRow, unitPrice: string, quantity: number, taken: number) {
  const left = row.maxUses === null ? quantity : row.maxUses - taken;
  if (left <= 0) throw promoRefused(PROMO_REFUSALS.usedUp);
  const promoUses = Math.min(quantity, left);
  const discountCents = promoDiscountCents(toCents(unitPrice), promoUses, row);
  return { discount: fromCents(discountCents), promoUses };
}

/** A code as the buyer typed it, found for the event; refused when unknown, elsewhere or out of its window. */
export async function findUsableCode(db: Database, eventId: string, typed: string): Promise<PromoCodeRow> {
  const rows = await db
    .select()
    .from(ticketPromoCodes)
    .where(eq(sql`lower(${ticketPromoCodes.code})`, typed.trim().toLowerCase()));
  if (rows.length === 0) throw promoRefused(PROMO_REFUSALS.unknown);
  const row = rows.find((candidate) => candidate.eventId === eventId);
  if (!row) throw promoRefused(PROMO_REFUSALS.otherEvent);
  const refusal = promoWindowRefusal(row);
  if (refusal) throw promoRefused(refusal);
  return row;
}

/** A purchase's code, found by the service; priced by the repository under the code's row lock. */
export interface PromoPricing {
  codeId: string;
  /** The event's price the discount was computed from: the purchase takes nothing if it changed. */
  unitPrice: string;
  quantity: number;
}

/**
 * Inside the purchase's transaction: the code's row lock (FOR UPDATE), its rules read again
 * (an admin may just have deactivated it), its uses counted from committed orders, and the
 * statement's promo values. Every purchase with this code waits here for the one before it
 * to commit, so its last use is taken once.
 */
export async function lockPromoCode(tx: Transaction, promo: PromoPricing) {
  const [row] = await tx.select().from(ticketPromoCodes).where(eq(ticketPromoCodes.id, promo.codeId)).for("update");
  if (!row) throw promoRefused(PROMO_REFUSALS.unknown);
  const refusal = promoWindowRefusal(row);
  if (refusal) throw promoRefused(refusal);
  const { discount, promoUses } = priceWithCode(row, promo.unitPrice, promo.quantity, await usesTaken(tx, row.id));
  return { discount, unitPrice: promo.unitPrice, promoCodeId: row.id, promoCode: row.code, promoUses };
}
