import { and, asc, desc, eq } from "drizzle-orm";
import {
  invoiceLineItems,
  invoices,
  type Invoice,
  type InvoiceLineItem,
  type InvoiceWithItems,
} from "@shared/invoices";
import type { Database } from "../../db/database";

type NewInvoice = typeof invoices.$inferInsert;
type NewLine = Omit<typeof invoiceLineItems.$inferInsert, "invoiceId">;

export const INVOICE_NUMBER_CONSTRAINT = "invoices_user_id_invoice_number_unique";

export function createInvoicesRepository(db: Database) {
  async function itemsOf(executor: Pick<Database, "select">, invoiceId: string): Promise<InvoiceLineItem[]> {
    return executor
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, invoiceId))
      .orderBy(asc(invoiceLineItems.sortOrder), asc(invoiceLineItems.id));
  }

  return {
    /** Only the user's own, newest first. */
    listForUser(userId: string): Promise<Invoice[]> {
      return db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.createdAt), desc(invoices.invoiceNumber));
    },

    /** Undefined when missing or someone else's: both read as "not found". */
    async findForUser(id: string, userId: string): Promise<InvoiceWithItems | undefined> {
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
      if (!invoice) return undefined;
      return { ...invoice, items: await itemsOf(db, id) };
    },

    /** The invoice and its lines together, or neither (one transaction). */
    create(values: NewInvoice, lines: NewLine[]): Promise<InvoiceWithItems> {
      return db.transaction(async (tx) => {
        const [invoice] = await tx.insert(invoices).values(values).returning();
        const items = lines.length
          ? await tx
              .insert(invoiceLineItems)
              .values(lines.map((line) => ({ ...line, invoiceId: invoice.id })))
              .returning()
          : [];
        return { ...invoice, items };
      });
    },

    /**
     * Adds a line to the user's own invoice and stores the totals `recompute` derives from
     * all its lines, in one transaction. The invoice row is locked first so two lines
     * added at once cannot both compute totals that miss the other.
     */
    addItem(
      invoiceId: string,
      userId: string,
      line: NewLine,
      recompute: (invoice: Invoice, items: InvoiceLineItem[]) => { subtotal: string; total: string },
    ): Promise<InvoiceLineItem | undefined> {
      return db.transaction(async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
          .for("update");
        if (!invoice) return undefined;
        const [item] = await tx
          .insert(invoiceLineItems)
          .values({ ...line, invoiceId })
          .returning();
        const totals = recompute(invoice, await itemsOf(tx, invoiceId));
        await tx.update(invoices).set(totals).where(eq(invoices.id, invoiceId));
        return item;
      });
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
