import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { InvoiceEventRow, NewInvoiceEvent } from "@shared/invoice-events";
import { invoiceEvents } from "@shared/invoice-events.table";
import type { InvoiceLineItemRow, InvoiceRow, InvoiceWithItemsRow } from "@shared/invoices";
import { invoiceLineItems, invoices } from "@shared/invoices.table";
import type { Database } from "../../db/database";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;
type NewInvoice = typeof invoices.$inferInsert;
export type NewLine = Omit<typeof invoiceLineItems.$inferInsert, "invoiceId">;

export const INVOICE_NUMBER_CONSTRAINT = "invoices_user_id_invoice_number_unique";
/** "viewed" is recorded at most this often per invoice, so the timeline stays readable. */
const VIEWED_EVERY = "1 hour";

function itemsOf(executor: Reader, invoiceId: string): Promise<InvoiceLineItemRow[]> {
  return executor
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id));
}

/** Writes inside a transaction that holds the invoice's row lock (see `locked`). */
function lockedWrites(tx: Transaction, invoice: InvoiceWithItemsRow) {
  return {
    async update(set: Partial<NewInvoice>): Promise<InvoiceRow> {
      const [row] = await tx.update(invoices).set(set).where(eq(invoices.id, invoice.id)).returning();
      return row;
    },
    async replaceLines(lines: NewLine[]): Promise<InvoiceLineItemRow[]> {
      await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
      if (lines.length === 0) return [];
      return tx
        .insert(invoiceLineItems)
        .values(lines.map((line) => ({ ...line, invoiceId: invoice.id })))
        .returning();
    },
    async addLine(line: NewLine): Promise<InvoiceLineItemRow> {
      const [item] = await tx
        .insert(invoiceLineItems)
        .values({ ...line, invoiceId: invoice.id })
        .returning();
      return item;
    },
    async record(event: Omit<NewInvoiceEvent, "invoiceId">): Promise<void> {
      await tx.insert(invoiceEvents).values({ ...event, invoiceId: invoice.id });
    },
    async remove(): Promise<void> {
      await tx.delete(invoices).where(eq(invoices.id, invoice.id));
    },
  };
}
export type LockedInvoice = ReturnType<typeof lockedWrites> & { tx: Transaction; invoice: InvoiceWithItemsRow };

export function createInvoicesRepository(db: Database) {
  return {
    /** Only the user's own, newest first. */
    listForUser(userId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.createdAt), desc(invoices.invoiceNumber));
    },

    /** Undefined when missing or someone else's: both read as "not found". */
    async findForUser(id: string, userId: string | null): Promise<InvoiceWithItemsRow | undefined> {
      const owned = userId === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, userId));
      const [invoice] = await db.select().from(invoices).where(owned);
      if (!invoice) return undefined;
      return { ...invoice, items: await itemsOf(db, id) };
    },

    /** What decides who may open the invoice through its public link, without its lines. */
    async findLinkAccess(id: string): Promise<Pick<InvoiceRow, "status" | "userId"> | undefined> {
      const [row] = await db
        .select({ status: invoices.status, userId: invoices.userId })
        .from(invoices)
        .where(eq(invoices.id, id))
        .limit(1);
      return row;
    },

    /** The timeline, oldest first. */
    eventsOf(invoiceId: string): Promise<InvoiceEventRow[]> {
      return db
        .select()
        .from(invoiceEvents)
        .where(eq(invoiceEvents.invoiceId, invoiceId))
        .orderBy(asc(invoiceEvents.at), asc(invoiceEvents.id));
    },

    /** The invoice, its lines and its first events together, or none of them (one transaction). */
    create(
      values: NewInvoice,
      lines: NewLine[],
      events: Omit<NewInvoiceEvent, "invoiceId">[],
    ): Promise<InvoiceWithItemsRow> {
      return db.transaction(async (tx) => {
        const [invoice] = await tx.insert(invoices).values(values).returning();
        const items = lines.length
          ? await tx
              .insert(invoiceLineItems)
              .values(lines.map((line) => ({ ...line, invoiceId: invoice.id })))
              .returning()
          : [];
        if (events.length)
          await tx.insert(invoiceEvents).values(events.map((event) => ({ ...event, invoiceId: invoice.id })));
        return { ...invoice, items };
      });
    },

    /**
     * Runs `change` in one transaction holding the invoice's row lock (the owner's invoice, or
     * any when userId is null): a change and the checks it rests on see the same row, on every
     * instance. Undefined when there is no such invoice.
     */
    locked<T>(
      id: string,
      userId: string | null,
      change: (locked: LockedInvoice) => Promise<T>,
      /** An open transaction to work in (a webhook's), instead of a new one. */
      within?: Transaction,
    ): Promise<T | undefined> {
      const run = async (tx: Transaction) => {
        const owned = userId === null ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.userId, userId));
        const [invoice] = await tx.select().from(invoices).where(owned).for("update");
        if (!invoice) return undefined;
        const withItems = { ...invoice, items: await itemsOf(tx, id) };
        return change({ ...lockedWrites(tx, withItems), tx, invoice: withItems });
      };
      return within ? run(within) : db.transaction(run);
    },

    /**
     * Records "viewed" unless one was recorded within the last hour. The check and the insert
     * wait on one advisory lock per invoice, so two opens at once (on any instances) record one.
     */
    async recordViewed(invoiceId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invoice-viewed:${invoiceId}`}))`);
        await tx.execute(sql`
          insert into ${invoiceEvents} (invoice_id, kind)
          select ${invoiceId}, 'viewed'
          where not exists (
            select 1 from ${invoiceEvents}
            where ${invoiceEvents.invoiceId} = ${invoiceId} and ${invoiceEvents.kind} = 'viewed'
              and ${invoiceEvents.at} > now() - ${VIEWED_EVERY}::interval
          )`);
      });
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
