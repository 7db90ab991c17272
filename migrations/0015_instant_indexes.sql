-- migrate: no-transaction
-- The indexes dropped before the timestamptz conversion, built again without blocking writes
-- (docs/operations.md, "Migrations on busy tables").
CREATE INDEX CONCURRENTLY IF NOT EXISTS "IDX_session_expire" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "merchandise_orders_pending_address_idx" ON "merchandise_orders" USING btree ("client_address","created_at") WHERE "merchandise_orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "merchandise_orders_pending_email_idx" ON "merchandise_orders" USING btree (lower("customer_email"),"created_at") WHERE "merchandise_orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "object_uploads_created_at_idx" ON "object_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "vendor_bookings_pending_address_idx" ON "vendor_bookings" USING btree ("client_address","created_at") WHERE "vendor_bookings"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "vendor_bookings_pending_email_idx" ON "vendor_bookings" USING btree (lower("vendor_email"),"created_at") WHERE "vendor_bookings"."payment_status" = 'pending';
