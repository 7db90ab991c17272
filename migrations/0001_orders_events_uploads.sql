CREATE TABLE "merchandise_orders" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchandise_id" varchar,
	"item_name" text NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"total_amount" numeric(10, 2) NOT NULL,
	"customer_email" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "merchandise_orders_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "merchandise_orders_quantity_check" CHECK ("merchandise_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "object_uploads" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" varchar NOT NULL,
	"object_path" text NOT NULL,
	"content_type" text,
	"size" integer,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	CONSTRAINT "object_uploads_object_path_unique" UNIQUE("object_path")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD CONSTRAINT "merchandise_orders_merchandise_id_merchandise_id_fk" FOREIGN KEY ("merchandise_id") REFERENCES "public"."merchandise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_uploads" ADD CONSTRAINT "object_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchandise_orders_merchandise_id_idx" ON "merchandise_orders" USING btree ("merchandise_id");--> statement-breakpoint
CREATE INDEX "object_uploads_user_id_idx" ON "object_uploads" USING btree ("user_id");