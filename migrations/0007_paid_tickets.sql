ALTER TABLE "ticket_purchases" DROP CONSTRAINT "ticket_purchases_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_purchases" DROP CONSTRAINT "ticket_purchases_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_purchases_hold_idx" ON "ticket_purchases" USING btree ("hold_expires_at") WHERE "ticket_purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ticket_purchases_refund_due_idx" ON "ticket_purchases" USING btree ("cancelled_at") WHERE "ticket_purchases"."status" = 'cancelled' and "ticket_purchases"."paid_at" is not null and "ticket_purchases"."refund_id" is null;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_payment_intent_id_unique" UNIQUE("payment_intent_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_max_per_order_check" CHECK ("events"."max_per_order" between 1 and 1000);