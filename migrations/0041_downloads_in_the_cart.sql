-- migrate: no-transaction
-- Downloads in the shop's cart (docs/decisions/055-downloads-in-the-cart.md): the label's tax
-- rate on downloads per buyer's country; a store purchase bought in a cart names its order and
-- carries its download tax; a member's saved cart keeps its downloads. The new columns are
-- empty, so the order's foreign key is added NOT VALID (a moment's lock, no scan) and validated
-- apart, and the index the order's settlement reads by is built concurrently (docs/operations.md,
-- "Migrations on busy tables"). Every statement is safe to run again from the top.
CREATE TABLE IF NOT EXISTS "digital_tax_rates" (
	"country" varchar(2) PRIMARY KEY NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digital_tax_rates_rate_check" CHECK ("digital_tax_rates"."rate" >= 0 and "digital_tax_rates"."rate" <= 100)
);--> statement-breakpoint
ALTER TABLE "store_purchases" ADD COLUMN IF NOT EXISTS "merchandise_order_id" varchar;--> statement-breakpoint
ALTER TABLE "store_purchases" ADD COLUMN IF NOT EXISTS "tax" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "store_purchases" ADD CONSTRAINT "store_purchases_merchandise_order_id_merchandise_orders_id_fk" FOREIGN KEY ("merchandise_order_id") REFERENCES "public"."merchandise_orders"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "store_purchases" VALIDATE CONSTRAINT "store_purchases_merchandise_order_id_merchandise_orders_id_fk";--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "store_purchases_order_idx" ON "store_purchases" USING btree ("merchandise_order_id") WHERE "store_purchases"."merchandise_order_id" is not null;--> statement-breakpoint
ALTER TABLE "merchandise_carts" ADD COLUMN IF NOT EXISTS "digital" jsonb DEFAULT '[]'::jsonb NOT NULL;
