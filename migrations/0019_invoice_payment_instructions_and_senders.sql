ALTER TABLE "invoices" ADD COLUMN "payment_instructions" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reply_to" text;