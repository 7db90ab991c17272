import { fromCents, toCents } from "@shared/money";
import { RELEASE_NOT_FOUND } from "@shared/royalty-catalogue";
import { PURCHASE_NOT_FOUND, type StoreRefundInput } from "@shared/store-sales";
import type { Database } from "../../db/database";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import { findPurchase, salesOf } from "./sales.repository";
import { findRelease } from "./store.repository";

/** A download bought in the shop's cart is refunded with its order. */
export const CART_PURCHASE_REFUND = "This download was bought in a shop order: cancel or refund the order instead";

/** The sales the admin page lists per release: the newest. */
const SALES_LISTED = 200;

/** A release's card sales for its administrators: amount, fee, refunded, and what is left to refund. */
export async function listSales(db: Database, releaseId: string) {
  if (!(await findRelease(db, releaseId))) throw HttpError.notFound(RELEASE_NOT_FOUND);
  const rows = await salesOf(db, releaseId, SALES_LISTED);
  return rows.map(({ purchase: row, orderNumber }) => {
    const inCart = row.merchandiseOrderId !== null;
    return {
      id: row.id,
      email: row.email,
      status: row.status as "paid" | "refunded",
      amount: row.amount,
      fee: row.fee,
      refunded: row.refundedAmount,
      // A cart's download is refunded with its order, never here.
      refundable:
        row.status === "paid" && !inCart ? fromCents(toCents(row.amount) - toCents(row.refundedAmount)) : "0.00",
      shopOrder: inCart ? orderNumber : null,
      paidAt: row.createdAt,
    };
  });
}

/**
 * An administrator refunds a paid purchase, all that is left of it or a part (never more than
 * is left). Stripe is asked with no transaction open, under a scope naming the purchase, what was
 * refunded before and this amount: a double click (or a retry the next day, lib's createRefund
 * reads the payment's refunds first) is one refund, while a later refund of the same amount, once
 * the first is recorded, is a new one. Nothing is written here: the charge.refunded webhook
 * records the refund and writes its line, as for a refund made in Stripe's dashboard.
 */
export async function refundPurchase(
  deps: { db: Database; payments: CheckoutPayments },
  purchaseId: string,
  input: StoreRefundInput,
) {
  deps.payments.assertAvailable();
  const purchase = await findPurchase(deps.db, purchaseId);
  if (!purchase) throw HttpError.notFound(PURCHASE_NOT_FOUND);
  if (purchase.status === "refunded") throw HttpError.conflict("This purchase is already refunded");
  if (purchase.status !== "paid" || !purchase.paymentIntentId)
    throw HttpError.conflict("Only a paid purchase can be refunded");
  // One charge paid for the whole cart; the shop's order records what went back of it.
  if (purchase.merchandiseOrderId !== null) throw HttpError.conflict(CART_PURCHASE_REFUND);
  const refunded = toCents(purchase.refundedAmount);
  const left = toCents(purchase.amount) - refunded;
  const cents = input.amount === undefined ? left : toCents(input.amount);
  if (cents > left) {
    const message = `At most $${fromCents(left)} is left to refund`;
    throw HttpError.badRequest(message, { amount: [message] });
  }
  const refund = await deps.payments.createRefund({
    paymentIntentId: purchase.paymentIntentId,
    amountCents: cents,
    idempotencyScope: `store-refund-${purchase.id}-${refunded}-${cents}`,
  });
  return {
    refundId: refund.id,
    amount: fromCents(cents),
    message: `Refund of $${fromCents(cents)} asked of Stripe; the sale shows it once Stripe confirms it.`,
  };
}
