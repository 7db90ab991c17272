import { inArray, sql } from "drizzle-orm";
import type { InvoiceReminder } from "@shared/invoice-events";
import { invoices } from "@shared/invoices.table";
import { users } from "@shared/users.table";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Database } from "../../db/database";
import type { SignedTokens } from "../../lib/signed-token";
import type { InvoiceMessages } from "./invoice-lifecycle.service";
import { issuerName, onBehalfOf } from "./invoice-senders";
import { MEMBER_SENDS_KEY_PREFIX } from "./invoice-send-limits";

/**
 * Reminder e-mails for sent, unpaid invoices with reminders on: 3 days before the due date,
 * then 1 and 7 days after it (the 7-day one for up to 30 days, so switching reminders on for
 * an old invoice does not start a stream of mail). Each run, for a given "now", records every
 * reminder that is due and not yet recorded and queues its e-mail in the same transaction.
 * A reminder is recorded at most once per invoice: the unique index on
 * invoice_events(invoice_id, detail->>'reminder') makes a second instance's insert a no-op.
 * Reminders count against their member's daily invoice e-mails like sends do
 * (invoice-send-limits.ts): a member could otherwise create invoices already "sent", overdue
 * and with reminders on, to have the platform mail any address. Those past the cap wait for a
 * later run within their window.
 */
export function createInvoiceReminders(deps: {
  db: Database;
  tokens: SignedTokens;
  messages: InvoiceMessages;
  appUrl: string;
  /** Card payment is offered on this server: the reminder says the client can pay online. */
  cardPayments: boolean;
  /** Invoice e-mails per member per day, shared with sends (the same `rate_limits` counter). */
  perMemberPerDay: number;
}) {
  const { db } = deps;

  return {
    /** Sends what is due at `now`; answers how many reminders were queued. */
    async run(now: Date): Promise<number> {
      const queued = await db.transaction(async (tx) => {
        const recorded = await tx.execute<{ invoice_id: string; reminder: InvoiceReminder }>(sql`
          with candidates as (
            select id, user_id, due_date, client_email, case
              when due_date > ${now} and due_date <= ${now}::timestamptz + interval '3 days' then 'due-in-3-days'
              when ${now} >= due_date + interval '7 days' then 'overdue-7-days'
              when ${now} >= due_date + interval '1 day' then 'overdue-1-day'
            end as reminder
            from ${invoices}
            where status = 'sent' and reminders_enabled and coalesce(client_email, '') <> ''
              and due_date > ${now}::timestamptz - interval '30 days'
              and due_date <= ${now}::timestamptz + interval '3 days'
          ), due as (
            select c.*, row_number() over (partition by c.user_id order by c.due_date, c.id) as place
            from candidates c
            where c.reminder is not null and not exists (
              select 1 from invoice_events e
              where e.invoice_id = c.id and e.kind = 'reminded' and e.detail->>'reminder' = c.reminder)
          ), admitted as (
            select d.* from due d
            left join rate_limits r on r.key = ${MEMBER_SENDS_KEY_PREFIX} || d.user_id and r.reset_at > now()
            where d.place <= ${deps.perMemberPerDay} - coalesce(r.hits, 0)
          )
          insert into invoice_events (invoice_id, kind, detail, at)
          select id, 'reminded', jsonb_build_object('reminder', reminder, 'to', client_email), ${now}
          from admitted
          on conflict do nothing
          returning invoice_id, detail->>'reminder' as reminder`);
        if (recorded.rows.length === 0) return 0;
        const rows = await tx
          .select({ invoice: invoices, labelName: users.labelName, email: users.email })
          .from(invoices)
          .leftJoin(users, sql`${users.id} = ${invoices.userId}`)
          .where(
            inArray(
              invoices.id,
              recorded.rows.map((row) => row.invoice_id),
            ),
          );
        const byId = new Map(rows.map((row) => [row.invoice.id, row]));
        // What was admitted now counts, as one upsert for every member concerned.
        await tx.execute(sql`
          insert into rate_limits (key, hits, reset_at)
          select ${MEMBER_SENDS_KEY_PREFIX} || user_id, count(*), now() + interval '1 day'
          from ${invoices} where id in (${sql.join(
            recorded.rows.map((row) => sql`${row.invoice_id}`),
            sql`, `,
          )})
          group by user_id
          on conflict (key) do update set
            hits = case when rate_limits.reset_at <= now() then excluded.hits else rate_limits.hits + excluded.hits end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`);
        const messages: NewOutboxMessage[] = recorded.rows.map(({ invoice_id, reminder }) => {
          const { invoice, labelName, email } = byId.get(invoice_id)!;
          const owner = email === null ? undefined : { email, labelName };
          const params = {
            labelName: issuerName(owner, { ...invoice, items: [] }),
            invoiceNumber: invoice.invoiceNumber,
            clientName: invoice.clientName,
            total: invoice.total,
            dueDate: invoice.dueDate.toISOString(),
            timeZone: invoice.timeZone ?? undefined,
            reminder,
            link: `${deps.appUrl}/pay/${deps.tokens.sign(invoice.id)}`,
            payOnline: deps.cardPayments,
          };
          return {
            template: "invoice-reminder",
            params,
            recipient: invoice.clientEmail!,
            aboutType: "invoice",
            aboutId: invoice.id,
            ...onBehalfOf(owner, invoice),
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
