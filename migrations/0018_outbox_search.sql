-- migrate: no-transaction
-- The admin outbox's search by any part of the recipient or the subject: trigram indexes, built
-- without blocking the e-mails being queued (docs/operations.md, "Migrations on busy tables").
-- pg_trgm ships with PostgreSQL and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "outbox_messages_recipient_trgm_idx" ON "outbox_messages" USING gin ("recipient" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "outbox_messages_subject_trgm_idx" ON "outbox_messages" USING gin ("subject" gin_trgm_ops);
