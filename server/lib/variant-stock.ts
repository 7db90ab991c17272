import { sql } from "drizzle-orm";
import { variantLabel, type VariantOptions } from "@shared/merchandise-variants";
import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { Transaction } from "../db/database";

/**
 * What a change to a variant's stock needs from the outbox, passed in by features/index.ts:
 * queue the e-mails in the transaction that changed the stock, and deliver once it committed.
 */
export interface StockMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  queueToAdmins(tx: Transaction, message: NewAdminMessage): Promise<unknown>;
  deliverSoon(): void;
}

/**
 * A variant whose stock a statement just changed, read back by that statement (its row stays
 * locked until the transaction ends, so these values are the current ones).
 */
export type VariantStockChange = {
  variantId: string;
  merchandiseId: string;
  itemName: string;
  sku: string;
  options: VariantOptions;
  /** Stock before and after the change. */
  before: number;
  after: number;
  lowStockThreshold: number;
  lowStockNotifiedAt: Date | string | null;
};

/**
 * The RETURNING list every stock-changing statement ends with, for a variant `v` of item `m`
 * whose stock moved by `delta` (after − before): the shape of VariantStockChange.
 */
export const stockChangeColumns = (delta: ReturnType<typeof sql>) => sql`
  v.id as "variantId", v.merchandise_id as "merchandiseId", m.name as "itemName", v.sku, v.options,
  v.stock_quantity - (${delta}) as "before", v.stock_quantity as "after",
  v.low_stock_threshold as "lowStockThreshold", v.low_stock_notified_at as "lowStockNotifiedAt"`;

/**
 * After stock changed: the administrators' one e-mail when a variant falls to its threshold
 * (once, until it is restocked above it: `released` marks stock that only came back from an
 * abandoned or failed checkout, which does not count as a restock), and one e-mail to each fan
 * who asked to be told when a sold-out variant is back. In the transaction that changed the stock, so the e-mails go exactly
 * when the change commits.
 */
export function createStockAlerts({ messages, appUrl }: { messages: StockMessages; appUrl: string }) {
  async function afterChange(
    tx: Transaction,
    changes: readonly VariantStockChange[],
    { released = false }: { released?: boolean } = {},
  ): Promise<void> {
    for (const change of changes) {
      const low = change.after <= change.lowStockThreshold;
      if (low && change.lowStockNotifiedAt === null && change.after < change.before) {
        await tx.execute(
          sql`update merchandise_variants set low_stock_notified_at = now() where id = ${change.variantId}`,
        );
        await messages.queueToAdmins(tx, {
          template: "merchandise-low-stock",
          params: {
            itemName: change.itemName,
            variant: variantLabel(change.options),
            sku: change.sku,
            stockQuantity: change.after,
            threshold: change.lowStockThreshold,
            link: `${appUrl}/merch/${change.merchandiseId}`,
          },
          aboutType: "merchandise_variant",
          aboutId: change.variantId,
        });
      } else if (!low && change.lowStockNotifiedAt !== null && !released) {
        // A restock (not a checkout's hold coming back) re-arms the notice.
        await tx.execute(
          sql`update merchandise_variants set low_stock_notified_at = null where id = ${change.variantId}`,
        );
      }
      if (change.before <= 0 && change.after > 0) await tellWaitingFans(tx, change);
    }
  }

  async function tellWaitingFans(tx: Transaction, change: VariantStockChange) {
    const { rows } = await tx.execute<{ email: string; id: string }>(sql`
      update merchandise_stock_requests set notified_at = now()
      where variant_id = ${change.variantId} and notified_at is null and confirmed_at is not null
      returning id, email`);
    if (rows.length === 0) return;
    await messages.queue(
      tx,
      rows.map((row) => ({
        template: "merchandise-back-in-stock" as const,
        recipient: row.email,
        params: {
          itemName: change.itemName,
          variant: variantLabel(change.options),
          link: `${appUrl}/merch/${change.merchandiseId}`,
        },
        aboutType: "merchandise_stock_request",
        aboutId: row.id,
      })),
    );
  }

  return { afterChange, deliverSoon: () => messages.deliverSoon() };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
