import { inArray, sql } from "drizzle-orm";
import type { InvoiceReminder } from "@shared/invoice-events";
import { invoices } from "@shared/invoices.table";
import { users } from "@shared/users.table";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Database } from "../../db/database";
import type { SignedTokens } from "../../lib/signed-token";
import type { InvoiceMessages } from "./invoice-lifecycle.service";
import { issuerName } from "./invoice-lifecycle.service";

/**
 * Reminder e-mails for sent, unpaid invoices with reminders on: 3 days before the due date,
 * then 1 and 7 days after it (the 7-day one for up to 30 days, so switching reminders on for
 * an old invoice does not start a stream of mail). Each run, for a given "now", records every
 * reminder that is due and not yet recorded and queues its e-mail in the same transaction.
 * A reminder is recorded at most once per invoice: the unique index on
 * invoice_events(invoice_id, detail->>'reminder') makes a second instance's insert a no-op.
 */
export function createInvoiceReminders(deps: {
  db: Database;
  tokens: SignedTokens;
  messages: InvoiceMessages;
  appUrl: string;
}) {
  const { db } = deps;

  return {
    /** Sends what is due at `now`; answers how many reminders were queued. */
    async run(now: Date): Promise<number> {
      const queued = await db.transaction(async (tx) => {
        const recorded = await tx.execute<{ invoice_id: string; reminder: InvoiceReminder }>(sql`
          with candidates as (
            select id, client_email, case
              when due_date > ${now} and due_date <= ${now}::timestamptz + interval '3 days' then 'due-in-3-days'
              when ${now} >= due_date + interval '7 days' then 'overdue-7-days'
              when ${now} >= due_date + interval '1 day' then 'overdue-1-day'
            end as reminder
            from ${invoices}
            where status = 'sent' and reminders_enabled and coalesce(client_email, '') <> ''
              and due_date > ${now}::timestamptz - interval '30 days'
              and due_date <= ${now}::timestamptz + interval '3 days'
          )
          insert into invoice_events (invoice_id, kind, detail, at)
          select id, 'reminded', jsonb_build_object('reminder', reminder, 'to', client_email), ${now}
          from candidates where reminder is not null
          on conflict do nothing
          returning invoice_id, detail->>'reminder' as reminder`);
        if (recorded.rows.length === 0) return 0;
        const rows = await tx
          .select({ invoice: invoices, labelName: users.labelName })
          .from(invoices)
          .leftJoin(users, sql`${users.id} = ${invoices.userId}`)
          .where(
            inArray(
              invoices.id,
              recorded.rows.map((row) => row.invoice_id),
            ),
          );
        const byId = new Map(rows.map((row) => [row.invoice.id, row]));
        const messages: NewOutboxMessage[] = recorded.rows.map(({ invoice_id, reminder }) => {
          const { invoice, labelName } = byId.get(invoice_id)!;
          const params = {
            labelName: issuerName({ labelName }, { ...invoice, items: [] }),
            invoiceNumber: invoice.invoiceNumber,
            clientName: invoice.clientName,
            total: invoice.total,
            dueDate: invoice.dueDate.toISOString(),
            timeZone: invoice.timeZone ?? undefined,
            reminder,
            link: `${deps.appUrl}/pay/${deps.tokens.sign(invoice.id)}`,
          };
          return {
            template: "invoice-reminder",
            params,
            recipient: invoice.clientEmail!,
            aboutType: "invoice",
            aboutId: invoice.id,
          };
        });
        await deps.messages.queue(tx, messages);
        return messages.length;
      });
      if (queued > 0) deps.messages.deliverSoon();
      return queued;
    },
  };
}

export type InvoiceReminders = ReturnType<typeof createInvoiceReminders>;
