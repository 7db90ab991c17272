import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { invoicePaymentIntents, type InvoicePaymentStatus } from "@shared/invoice-payments.table";
import type { Database } from "../../db/database";
import type { Transaction } from "./invoices.repository";

export type InvoicePaymentIntent = typeof invoicePaymentIntents.$inferSelect;

/** What Stripe still has to be asked about an intent, after the change that decided it committed. */
export type DueInvoicePayment = Pick<InvoicePaymentIntent, "paymentIntentId" | "invoiceId" | "status">;

/**
 * The PaymentIntents made for invoices and where each stands
 * (docs/decisions/026-money-applied-or-returned.md). Every change of status that follows a
 * change of the invoice is made in that change's transaction, under the invoice's row lock;
 * the job that talks to Stripe afterwards only finishes what was decided (cancelling to
 * cancelled, refunding to refunded), each with one conditional update.
 */
export function createInvoicePaymentsRepository(db: Database) {
  const table = invoicePaymentIntents;

  return {
    /**
     * Records an intent Stripe made for the invoice, as `status` (open, or cancelling when the
     * invoice changed while it was being made). The same intent again (Stripe's idempotent
     * replay) keeps the row, except that cancelling wins over open. Answers the row's status.
     */
    async record(
      tx: Transaction,
      values: { paymentIntentId: string; invoiceId: string; amount: string; status: "open" | "cancelling" },
    ): Promise<InvoicePaymentStatus> {
      const [row] = await tx
        .insert(table)
        .values(values)
        .onConflictDoUpdate({
          target: table.paymentIntentId,
          set: { status: sql`case when ${table.status} = 'open' then excluded.status else ${table.status} end` },
        })
        .returning({ status: table.status });
      return row.status;
    },

    /** Intents of the invoice that are no longer open; part of "Pay now"'s idempotency scope. */
    async countEnded(invoiceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.invoiceId, invoiceId), ne(table.status, "open")));
      return row.n;
    },

    /**
     * The invoice changed (edited, marked paid, cancelled): every intent still open must not be
     * paid any more. Marked in the change's transaction; Stripe is asked after it commits.
     * Answers how many were open.
     */
    async endOpen(tx: Transaction, invoiceId: string): Promise<number> {
      const rows = await tx
        .update(table)
        .set({ status: "cancelling", updatedAt: sql`now()` })
        .where(and(eq(table.invoiceId, invoiceId), eq(table.status, "open")))
        .returning({ id: table.paymentIntentId });
      return rows.length;
    },

    /** The intent's row, locked until the transaction ends (the caller holds the invoice's lock too). */
    async lock(tx: Transaction, paymentIntentId: string): Promise<InvoicePaymentIntent | undefined> {
      const [row] = await tx.select().from(table).where(eq(table.paymentIntentId, paymentIntentId)).for("update");
      return row;
    },

    /** The invoice an intent was made for, if it was recorded. */
    async invoiceOf(tx: Transaction, paymentIntentId: string): Promise<string | undefined> {
      const [row] = await tx
        .select({ invoiceId: table.invoiceId })
        .from(table)
        .where(eq(table.paymentIntentId, paymentIntentId));
      return row?.invoiceId;
    },

    /** Sets where an intent stands, recording it if it was never recorded (a crash before it was). */
    async put(
      tx: Transaction,
      values: { paymentIntentId: string; invoiceId: string; amount: string; status: InvoicePaymentStatus },
    ): Promise<void> {
      await tx
        .insert(table)
        .values(values)
        .onConflictDoUpdate({
          target: table.paymentIntentId,
          set: { status: values.status, updatedAt: sql`now()` },
        });
    },

    /** Intents Stripe must still cancel or refund, longest waiting first. */
    due(limit: number): Promise<DueInvoicePayment[]> {
      return db
        .select({ paymentIntentId: table.paymentIntentId, invoiceId: table.invoiceId, status: table.status })
        .from(table)
        .where(inArray(table.status, ["cancelling", "refunding"]))
        .orderBy(asc(table.updatedAt))
        .limit(limit);
    },

    /** Stripe cancelled it; only from cancelling (a payment settled meanwhile keeps its own status). */
    async cancelled(paymentIntentId: string): Promise<void> {
      await db
        .update(table)
        .set({ status: "cancelled", updatedAt: sql`now()` })
        .where(and(eq(table.paymentIntentId, paymentIntentId), eq(table.status, "cancelling")));
    },

    /** Stripe made the refund (its charge.refunded may have marked it refunded already). */
    async refunded(paymentIntentId: string, refundId: string): Promise<void> {
      await db
        .update(table)
        .set({ status: "refunded", refundId, updatedAt: sql`now()` })
        .where(and(eq(table.paymentIntentId, paymentIntentId), inArray(table.status, ["refunding", "refunded"])));
    },

    /** Still waiting (Stripe busy, or the intent processing): it goes to the back of the queue. */
    async postpone(paymentIntentId: string): Promise<void> {
      await db
        .update(table)
        .set({ updatedAt: sql`now()` })
        .where(eq(table.paymentIntentId, paymentIntentId));
    },
  };
}

export type InvoicePaymentsRepository = ReturnType<typeof createInvoicePaymentsRepository>;
