import { and, count, eq, gt, min, sql } from "drizzle-orm";
import { invoiceEvents } from "@shared/invoice-events.table";
import { HttpError } from "../../lib/http-error";
import { takeCount, waitText } from "../../lib/rate-limit-counters";
import type { Transaction } from "./invoices.repository";

export interface InvoiceSendLimits {
  /** E-mails of one invoice in any hour (sliding: counted from its timeline). */
  perInvoicePerHour: number;
  /** E-mails of all of a member's invoices per day (a day from the first of them). */
  perMemberPerDay: number;
  /** E-mails of all of a member's invoices per hour (an hour from the first of them). */
  perMemberPerHour: number;
  /** E-mails to addresses outside the platform, all members together, per minute. */
  outsidePerMinute: number;
  /** New outside addresses an account may e-mail in its first day. */
  newAddressesFirstDay: number;
}

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** A member's invoice e-mails of the day are counted in `rate_limits` under this prefix and their id. */
export const MEMBER_SENDS_KEY_PREFIX = "invoice-sends:user:";
/** ... and of the hour under this one. */
export const MEMBER_HOURLY_SENDS_KEY_PREFIX = "invoice-sends-hour:user:";
/** Every member's e-mails to outside addresses in the current minute. */
export const OUTSIDE_SENDS_KEY = "invoice-sends:outside";

/**
 * Invoice e-mail goes to an address the member types, with text the member wrote, from the
 * platform's own sender: without a cap it is a relay for anyone with an account. So a send is
 * admitted only within these limits, checked inside the send's own transaction, so a send that
 * fails for any other reason counts for nothing and every instance sees the same counts:
 * - per invoice, the e-mails on its timeline in the last hour; the caller holds the invoice's
 *   row lock, so parallel sends of one invoice are counted one after another;
 * - per member, a day's and an hour's counter in `rate_limits`, each taken by one conditional
 *   upsert whose row lock the transaction keeps until it commits (parallel sends of several
 *   invoices queue on it, which also orders the new-address check below);
 * - for an address no signed-up user has: one counter of the minute for the whole platform,
 *   and, for an account younger than a day, a few addresses it never e-mailed before.
 * Over any: 429 with a plain message and Retry-After. Nothing is queued or recorded.
 * docs/decisions/008-rate-limits-in-postgres.md, 041-mail-that-cannot-be-abused.md.
 */
export function createInvoiceSendLimits(limits: InvoiceSendLimits) {
  return async function admitSend(
    tx: Transaction,
    send: { invoiceId: string; userId: string; to: string; now: Date },
  ): Promise<void> {
    const { invoiceId, userId, to, now } = send;
    const [recent] = await tx
      .select({ sends: count(), oldest: min(invoiceEvents.at) })
      .from(invoiceEvents)
      .where(
        and(
          eq(invoiceEvents.invoiceId, invoiceId),
          eq(invoiceEvents.kind, "sent"),
          sql`${invoiceEvents.detail}->>'how' = 'email'`,
          gt(invoiceEvents.at, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if (recent.sends >= limits.perInvoicePerHour) {
      const wait = recent.oldest ? (recent.oldest.getTime() + HOUR_MS - now.getTime()) / 1000 : HOUR_MS / 1000;
      throw HttpError.tooMany(
        `This invoice was already e-mailed ${recent.sends} times in the last hour. You can send it again in ${waitText(wait)}.`,
        wait,
      );
    }

    const daily = await takeCount(tx, `${MEMBER_SENDS_KEY_PREFIX}${userId}`, DAY_MS, limits.perMemberPerDay);
    if (daily !== null) {
      throw HttpError.tooMany(
        `You have sent ${limits.perMemberPerDay} invoice e-mails today, the most allowed. You can send more in ${waitText(daily)}.`,
        daily,
      );
    }
    const hourly = await takeCount(tx, `${MEMBER_HOURLY_SENDS_KEY_PREFIX}${userId}`, HOUR_MS, limits.perMemberPerHour);
    if (hourly !== null) {
      throw HttpError.tooMany(
        `You have sent ${limits.perMemberPerHour} invoice e-mails in the last hour, the most allowed. You can send more in ${waitText(hourly)}.`,
        hourly,
      );
    }

    const { rows } = await tx.execute<{ outside: boolean; young: boolean; known: boolean }>(sql`
      select
        not exists (select 1 from users where lower(email) = lower(${to})) as outside,
        (select created_at > ${new Date(now.getTime() - DAY_MS)} from users where id = ${userId}) as young,
        exists (
          select 1 from invoice_events e join invoices i on i.id = e.invoice_id
          where i.user_id = ${userId} and e.kind = 'sent' and e.detail->>'how' = 'email'
            and lower(e.detail->>'to') = lower(${to})
        ) as known`);
    const { outside, young, known } = rows[0];
    if (!outside) return;

    if (young && !known) {
      // Held by the member's counters' row locks above, so parallel sends are counted in turn.
      const { rows: counted } = await tx.execute<{ addresses: number; joined: number }>(sql`
        select count(distinct lower(e.detail->>'to'))::int as addresses, extract(epoch from min(u.created_at))::float8 as joined
        from users u
        left join invoices i on i.user_id = u.id
        left join invoice_events e on e.invoice_id = i.id and e.kind = 'sent' and e.detail->>'how' = 'email'
          and not exists (select 1 from users o where lower(o.email) = lower(e.detail->>'to'))
        where u.id = ${userId}`);
      if (counted[0].addresses >= limits.newAddressesFirstDay) {
        const wait = (Number(counted[0].joined) * 1000 + DAY_MS - now.getTime()) / 1000;
        throw HttpError.tooMany(
          `A new account can e-mail invoices to ${limits.newAddressesFirstDay} new addresses in its first day. You can send to another new address in ${waitText(wait)}; addresses you already sent to work now.`,
          wait,
        );
      }
    }

    const global = await takeCount(tx, OUTSIDE_SENDS_KEY, 60_000, limits.outsidePerMinute);
    if (global !== null) {
      throw HttpError.tooMany(
        `Too many invoice e-mails are going out right now. You can send again in ${Math.max(1, Math.ceil(global))} seconds.`,
        global,
      );
    }
  };
}

export type AdmitInvoiceSend = ReturnType<typeof createInvoiceSendLimits>;
