CREATE TABLE "outbox_messages" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"recipient" text NOT NULL,
	"about_type" text NOT NULL,
	"about_id" varchar NOT NULL,
	"subject" text,
	"html" text,
	"text" text,
	"attachments" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"resend_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "outbox_messages_queued_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_messages_sending_idx" ON "outbox_messages" USING btree ("claimed_at") WHERE "outbox_messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "outbox_messages_failed_idx" ON "outbox_messages" USING btree ("created_at") WHERE "outbox_messages"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_about_idx" ON "outbox_messages" USING btree ("about_type","about_id");