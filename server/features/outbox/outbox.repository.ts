import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import {
  OUTBOX_LIST_LIMIT,
  type NewAdminMessage,
  type NewOutboxMessage,
  type OutboxMessage,
  type OutboxQueueHealth,
  type OutboxStatus,
} from "@shared/outbox";
import { outboxMessages } from "@shared/outbox.table";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";
import type { RenderedMessage } from "./templates/render";

/** A LIKE pattern that finds `value` anywhere, taking any % _ or \ in it literally. */
const containing = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The pool or the caller's open transaction: messages are queued inside the change they report. */
export type Executor = Database | Transaction;

/** A row a worker took for sending; its rendering may still be missing. */
export type ClaimedMessage = OutboxMessage;

export function createOutboxRepository(db: Database) {
  return {
    async insert(messages: NewOutboxMessage[], tx: Executor = db): Promise<string[]> {
      if (messages.length === 0) return [];
      const rows = await tx.insert(outboxMessages).values(messages).returning({ id: outboxMessages.id });
      return rows.map((row) => row.id);
    },

    /**
     * One message per administrator: users whose role is admin and the ADMIN_EMAILS addresses
     * (who may not have signed in yet), each address once.
     */
    async insertForAdmins(message: NewAdminMessage, adminEmails: string[], tx: Executor = db): Promise<number> {
      const rows = await tx.execute<{ id: string }>(sql`
        insert into ${outboxMessages} (template, params, recipient, about_type, about_id)
        select ${message.template}, ${JSON.stringify(message.params)}::jsonb, admins.email, ${message.aboutType}, ${message.aboutId}
        from (
          select lower(${users.email}) as email from ${users} where ${users.role} = 'admin'
          union
          select lower(value) from json_array_elements_text(${JSON.stringify(adminEmails)}::json)
        ) as admins
        returning id`);
      return rows.rowCount ?? rows.rows.length;
    },

    /**
     * Takes up to `limit` due messages for this worker: the conditional update (queued →
     * sending) with SKIP LOCKED means two workers, on any instances, never take the same row.
     */
    async claimDue(limit: number): Promise<ClaimedMessage[]> {
      const due = db
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, "queued"), sql`${outboxMessages.nextAttemptAt} <= now()`))
        .orderBy(outboxMessages.nextAttemptAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      return db
        .update(outboxMessages)
        .set({
          status: "sending",
          attempts: sql`${outboxMessages.attempts} + 1`,
          claimedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(inArray(outboxMessages.id, due), eq(outboxMessages.status, "queued")))
        .returning();
    },

    /** Queued messages not rendered yet (for the outbox to show while SMTP is not set up). */
    async findUnrendered(limit: number): Promise<OutboxMessage[]> {
      return db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, "queued"), sql`${outboxMessages.html} is null`))
        .orderBy(outboxMessages.createdAt)
        .limit(limit);
    },

    /** Stores the rendering once; a second worker rendering the same row changes nothing. */
    async storeRendering(id: string, rendered: RenderedMessage): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ ...rendered, updatedAt: sql`now()` })
        .where(and(eq(outboxMessages.id, id), sql`${outboxMessages.html} is null`));
    },

    /** A message whose template or parameters can never render fails at once, without retries. */
    async markUnrenderable(id: string, error: string): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ status: "failed", lastError: error, claimedAt: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(outboxMessages.id, id),
            inArray(outboxMessages.status, ["queued", "sending"]),
            sql`${outboxMessages.html} is null`,
          ),
        );
    },

    async markSent(id: string): Promise<void> {
      await db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: sql`now()`, lastError: null, claimedAt: null, updatedAt: sql`now()` })
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, "sending")));
    },

    /** Back to the queue after `delayMs`, or failed for good when `delayMs` is null. */
    async markAttemptFailed(id: string, error: string, delayMs: number | null): Promise<void> {
      await db
        .update(outboxMessages)
        .set(
          delayMs === null
            ? { status: "failed", lastError: error, claimedAt: null, updatedAt: sql`now()` }
            : {
                status: "queued",
                lastError: error,
                claimedAt: null,
                nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
                updatedAt: sql`now()`,
              },
        )
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, "sending")));
    },

    /**
     * Rows a worker took but never finished (the instance died mid-send) go back to the queue.
     * If the SMTP server had already accepted the message it goes out once more; never zero times.
     */
    async requeueStuck(olderThanMs: number): Promise<number> {
      const rows = await db
        .update(outboxMessages)
        .set({ status: "queued", claimedAt: null, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(outboxMessages.status, "sending"),
            sql`${outboxMessages.claimedAt} < now() - ${olderThanMs} * interval '1 millisecond'`,
          ),
        )
        .returning({ id: outboxMessages.id });
      return rows.length;
    },

    /** Sent or failed → queued again, with the same content. Undefined when not in those states. */
    async requeueForResend(id: string): Promise<OutboxMessage | undefined> {
      const [row] = await db
        .update(outboxMessages)
        .set({
          status: "queued",
          attempts: 0,
          lastError: null,
          nextAttemptAt: sql`now()`,
          resendCount: sql`${outboxMessages.resendCount} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(outboxMessages.id, id), inArray(outboxMessages.status, ["sent", "failed"])))
        .returning();
      return row;
    },

    async findById(id: string): Promise<OutboxMessage | undefined> {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row;
    },

    /**
     * The newest messages first, without their bodies (the list does not show them), of one
     * status and holding `search` in the recipient or subject when given (the trigram indexes
     * of migration 0018 serve the search).
     */
    list({ status, search }: { status?: OutboxStatus; search?: string }) {
      const pattern = search && containing(search);
      return db
        .select({
          id: outboxMessages.id,
          template: outboxMessages.template,
          recipient: outboxMessages.recipient,
          subject: outboxMessages.subject,
          status: outboxMessages.status,
          attempts: outboxMessages.attempts,
          lastError: outboxMessages.lastError,
          aboutType: outboxMessages.aboutType,
          aboutId: outboxMessages.aboutId,
          resendCount: outboxMessages.resendCount,
          createdAt: outboxMessages.createdAt,
          sentAt: outboxMessages.sentAt,
          nextAttemptAt: outboxMessages.nextAttemptAt,
        })
        .from(outboxMessages)
        .where(
          and(
            status ? eq(outboxMessages.status, status) : undefined,
            pattern ? or(ilike(outboxMessages.recipient, pattern), ilike(outboxMessages.subject, pattern)) : undefined,
          ),
        )
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(OUTBOX_LIST_LIMIT);
    },

    /** Counts for the health check and the admin page; read through the partial indexes. */
    async queueHealth(): Promise<OutboxQueueHealth> {
      const [queued] = await db
        .execute<{ count: number; oldest: number | null }>(
          sql`
        select count(*)::int as count, floor(extract(epoch from now() - min(${outboxMessages.createdAt})))::int as oldest
        from ${outboxMessages} where ${outboxMessages.status} = 'queued'`,
        )
        .then((r) => r.rows);
      const [failed] = await db
        .execute<{ count: number }>(
          sql`select count(*)::int as count from ${outboxMessages} where ${outboxMessages.status} = 'failed'`,
        )
        .then((r) => r.rows);
      return { queued: queued.count, failed: failed.count, oldestQueuedSeconds: queued.oldest };
    },

    /**
     * The label's name and logo for the messages: the label settings an administrator saved
     * most recently (label settings are kept per user; admins manage the label's branding).
     */
    async findBranding(): Promise<{ labelName: string | null; labelLogoUrl: string | null } | undefined> {
      const [row] = await db
        .select({ labelName: users.labelName, labelLogoUrl: users.labelLogoUrl })
        .from(users)
        .where(and(eq(users.role, "admin"), sql`${users.labelName} is not null`))
        .orderBy(desc(users.updatedAt))
        .limit(1);
      return row;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
