import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { OutboxStatus, StoredAttachment } from "./outbox.values";

/**
 * Every e-mail the platform sends, one row each, written in the same transaction as the change
 * it reports; workers render and deliver it (docs/decisions/009-outbox-and-jobs.md). The template
 * and its parameters are what the change recorded; subject, bodies and attachments are filled
 * in once, before the first delivery, so a resend is the same message and the admin sees
 * exactly what went out.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    template: text("template").notNull(),
    params: jsonb("params").notNull(),
    recipient: text("recipient").notNull(),
    /** The display name before MAIL_FROM's address when a member's message goes out in their name; null: MAIL_FROM as set. */
    senderName: text("sender_name"),
    /** Where the recipient's replies go (the member who wrote it); null: to MAIL_FROM. */
    replyTo: text("reply_to"),
    /** The record the message is about, e.g. ("ticket_purchase", its id). */
    aboutType: text("about_type").notNull(),
    aboutId: varchar("about_id").notNull(),
    subject: text("subject"),
    html: text("html"),
    text: text("text"),
    attachments: jsonb("attachments").$type<StoredAttachment[]>(),
    status: text("status").$type<OutboxStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).defaultNow().notNull(),
    /** When a worker took the row for sending; a row left in `sending` long after is re-queued. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Admin resends; part of the Message-ID so a resend is not dropped as a duplicate. */
    resendCount: integer("resend_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    // The workers' and the health check's reads: due messages, stuck sends, failures.
    index("outbox_messages_queued_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index("outbox_messages_sending_idx")
      .on(table.claimedAt)
      .where(sql`${table.status} = 'sending'`),
    index("outbox_messages_failed_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'failed'`),
    index("outbox_messages_created_at_idx").on(table.createdAt),
    index("outbox_messages_about_idx").on(table.aboutType, table.aboutId),
    // The admin outbox's search: any part of the recipient or the subject, in any case
    // (pg_trgm, created by migration 0018).
    index("outbox_messages_recipient_trgm_idx").using("gin", table.recipient.op("gin_trgm_ops")),
    index("outbox_messages_subject_trgm_idx").using("gin", table.subject.op("gin_trgm_ops")),
    check("outbox_messages_status_check", sql`${table.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);
