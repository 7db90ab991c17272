-- migrate: no-transaction
-- Orders by promo code, built concurrently so ticket sales keep writing meanwhile; and the
-- promo code's foreign key, added NOT VALID in 0034, checked here without blocking writes
-- (docs/operations.md, "Migrations on busy tables").
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ticket_purchases_promo_code_idx" ON "ticket_purchases" USING btree ("promo_code_id") WHERE "ticket_purchases"."promo_code_id" is not null;--> statement-breakpoint
ALTER TABLE "ticket_purchases" VALIDATE CONSTRAINT "ticket_purchases_promo_code_id_ticket_promo_codes_id_fk";
