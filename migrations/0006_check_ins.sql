CREATE TABLE "ticket_scans" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" varchar,
	"event_id" varchar,
	"code" text NOT NULL,
	"result" text NOT NULL,
	"scanned_by" varchar,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "checked_in_by" varchar;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_purchase_id_ticket_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."ticket_purchases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD CONSTRAINT "ticket_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_scans_purchase_idx" ON "ticket_scans" USING btree ("purchase_id","scanned_at");--> statement-breakpoint
CREATE INDEX "ticket_scans_event_idx" ON "ticket_scans" USING btree ("event_id","scanned_at");--> statement-breakpoint
CREATE INDEX "ticket_scans_scanned_by_idx" ON "ticket_scans" USING btree ("scanned_by");--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree ("email" text_pattern_ops);