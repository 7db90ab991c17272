-- An admin's cancellation marks the order while Stripe refunds it; unshipped units can be
-- refunded line by line (docs/decisions/036-refunds-that-finish.md). Nullable and constant
-- defaults: no rewrite of the busy tables.
ALTER TABLE "merchandise_orders" ADD COLUMN "cancelling_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchandise_order_lines" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "merchandise_order_refunds" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" varchar NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"restock" boolean NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"lines" jsonb NOT NULL,
	"refund_id" text,
	"created_by" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "merchandise_order_refunds_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "merchandise_order_refunds_amount_check" CHECK ("merchandise_order_refunds"."amount" >= 0)
);--> statement-breakpoint
ALTER TABLE "merchandise_order_refunds" ADD CONSTRAINT "merchandise_order_refunds_order_id_merchandise_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."merchandise_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_order_refunds" ADD CONSTRAINT "merchandise_order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchandise_order_refunds_order_idx" ON "merchandise_order_refunds" USING btree ("order_id");
