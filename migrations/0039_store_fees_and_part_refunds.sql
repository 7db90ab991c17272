ALTER TABLE "store_purchases" ADD COLUMN "fee" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "store_purchases" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Sales paid before fees were read wrote their line for the whole amount: their fee is 0.00, so
-- the fee job never writes them a second line, and a refund takes back what their line gave.
UPDATE "store_purchases" SET "fee" = 0 WHERE "status" IN ('paid', 'refunded');--> statement-breakpoint
UPDATE "store_purchases" SET "refunded_amount" = "amount" WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "store_purchases" ADD CONSTRAINT "store_purchases_refunds_check" CHECK ("store_purchases"."refunded_amount" >= 0 and "store_purchases"."refunded_amount" <= "store_purchases"."amount" and coalesce("store_purchases"."fee", 0) >= 0);--> statement-breakpoint
CREATE INDEX "store_purchases_payment_intent_idx" ON "store_purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "store_purchases_fee_due_idx" ON "store_purchases" USING btree ("created_at") WHERE "store_purchases"."fee" is null and "store_purchases"."status" in ('paid', 'refunded');
