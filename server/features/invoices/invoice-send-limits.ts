import { and, count, eq, gt, min, sql } from "drizzle-orm";
import { invoiceEvents } from "@shared/invoice-events.table";
import { rateLimits } from "@shared/rate-limits.table";
import { HttpError } from "../../lib/http-error";
import type { Transaction } from "./invoices.repository";

export interface InvoiceSendLimits {
  /** E-mails of one invoice in any hour (sliding: counted from its timeline). */
  perInvoicePerHour: number;
  /** E-mails of all of a member's invoices per day (a day from the first of them). */
  perMemberPerDay: number;
}

const HOUR_MS = 60 * 60_000;
/** A member's invoice e-mails of the day are counted in `rate_limits` under this prefix and their id. */
export const MEMBER_SENDS_KEY_PREFIX = "invoice-sends:user:";

/** "12 minutes", "3 hours": how long until the member may send again. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/**
 * Invoice e-mail goes to an address the member types, with text the member wrote, from the
 * platform's own sender: without a cap it is a relay for anyone with an account. So a send is
 * admitted only within two limits, checked inside the send's own transaction, so a send that
 * fails for any other reason counts for nothing and every instance sees the same counts:
 * - per invoice, the e-mails on its timeline in the last hour; the caller holds the invoice's
 *   row lock, so parallel sends of one invoice are counted one after another;
 * - per member, a counter in `rate_limits` taken by one conditional upsert, whose row lock the
 *   transaction keeps until it commits (parallel sends of several invoices queue on it).
 * Over either: 429 with a plain message and Retry-After. Nothing is queued or recorded.
 */
export function createInvoiceSendLimits(limits: InvoiceSendLimits) {
  return async function admitSend(tx: Transaction, invoiceId: string, userId: string, now: Date): Promise<void> {
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

    const key = `${MEMBER_SENDS_KEY_PREFIX}${userId}`;
    const counted = await tx
      .insert(rateLimits)
      .values({ key, hits: 1, resetAt: sql`now() + interval '1 day'` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
        setWhere: sql`${rateLimits.resetAt} <= now() or ${rateLimits.hits} < ${limits.perMemberPerDay}`,
      })
      .returning({ hits: rateLimits.hits });
    if (counted.length === 0) {
      const [held] = await tx
        .select({ wait: sql<number>`extract(epoch from ${rateLimits.resetAt} - now())`.mapWith(Number) })
        .from(rateLimits)
        .where(eq(rateLimits.key, key));
      const wait = held?.wait ?? 86_400;
      throw HttpError.tooMany(
        `You have sent ${limits.perMemberPerDay} invoice e-mails today, the most allowed. You can send more in ${waitText(wait)}.`,
        wait,
      );
    }
  };
}

export type AdmitInvoiceSend = ReturnType<typeof createInvoiceSendLimits>;
