import { fromCents, toCents } from "@shared/money";
import type { Database } from "../../db/database";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { Logger } from "../../lib/logger";
import { feeShareCents, writeSaleLines } from "./royalty-lines";
import { lockPurchase, salesWithFeeDue, setFee } from "./sales.repository";

/** Sales asked about per run: Stripe is asked once for each, one at a time. */
const SALES_PER_RUN = 20;

export interface StoreFeeDeps {
  db: Database;
  payments: Pick<CheckoutPayments, "available" | "chargeFee">;
  logger: Logger;
}

/**
 * The store-fees job: paid sales whose fee was not known when their payment was recorded (Stripe
 * had no balance transaction yet, or could not be asked). Each is asked of Stripe with no
 * transaction open; once Stripe has the fee, the sale's line (net of it) and the line of anything
 * refunded meanwhile are written in one transaction, on the locked row, only while its fee is
 * still missing, so two runs never write them twice. A sale Stripe still has no fee for waits
 * for the next run. True when a full batch was read (more may wait).
 */
export async function fillDueFees(deps: StoreFeeDeps, signal?: AbortSignal): Promise<boolean> {
  if (!deps.payments.available) return false;
  const due = await salesWithFeeDue(deps.db, SALES_PER_RUN);
  let written = 0;
  for (const sale of due) {
    if (signal?.aborted) return false;
    if (!sale.paymentIntentId) continue;
    let fee: number | null;
    try {
      fee = await deps.payments.chargeFee(sale.paymentIntentId);
    } catch (error) {
      deps.logger.warn(
        { err: error, storePurchaseId: sale.id },
        "store sale: Stripe's fee not read; asked again later",
      );
      return false;
    }
    if (fee === null) continue;
    // A download bought in a cart paid one charge with the order's goods, shipping and tax.
    if (sale.orderTotal !== null) fee = feeShareCents(fee, toCents(sale.amount), toCents(sale.orderTotal));
    const done = await deps.db.transaction(async (tx) => {
      const row = await lockPurchase(tx, sale.id);
      if (!row || row.fee !== null) return false;
      const withFee = { ...row, fee: fromCents(fee) };
      await setFee(tx, row.id, withFee.fee);
      await writeSaleLines(tx, withFee);
      return true;
    });
    if (done) written += 1;
  }
  if (written > 0) deps.logger.info({ written }, "store sales' fees recorded and their lines written");
  // Only a batch that made progress asks for another run at once: sales Stripe has no fee for
  // yet wait for the next sweep rather than being asked again in a loop.
  return due.length === SALES_PER_RUN && written > 0;
}
