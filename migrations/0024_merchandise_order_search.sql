-- migrate: no-transaction
-- The orders page's search (an e-mail, the start of a name): built concurrently, so checkouts
-- keep writing orders meanwhile (docs/operations.md, "Migrations on busy tables").
CREATE INDEX CONCURRENTLY IF NOT EXISTS "merchandise_orders_email_idx" ON "merchandise_orders" USING btree (lower("customer_email"));--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "merchandise_orders_ship_name_idx" ON "merchandise_orders" USING btree (lower("ship_name") text_pattern_ops);
