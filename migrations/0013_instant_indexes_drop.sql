-- migrate: no-transaction
-- The indexes on the columns that become timestamptz in the next migration are dropped first and
-- built again afterwards with CREATE INDEX CONCURRENTLY: ALTER COLUMN TYPE rebuilds every index on
-- a changed column while it holds the table's ACCESS EXCLUSIVE lock, which would stop sign-ins and
-- checkouts for the length of the build (docs/operations.md, "Migrations on busy tables").
DROP INDEX CONCURRENTLY IF EXISTS "IDX_session_expire";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "merchandise_orders_pending_address_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "merchandise_orders_pending_email_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "object_uploads_created_at_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "vendor_bookings_pending_address_idx";--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS "vendor_bookings_pending_email_idx";
