ALTER TABLE "object_uploads" ADD COLUMN "purpose" text DEFAULT 'logo' NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "file_hash" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reply_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "submissions_user_submitted_idx" ON "submissions" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_file_hash_idx" ON "submissions" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "submissions_submitted_at_idx" ON "submissions" USING btree ("submitted_at");--> statement-breakpoint
CREATE TABLE "submission_replies" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
