-- Every instant column becomes timestamptz (docs/decisions/024-instants-and-venue-days.md).
-- A timestamp without time zone holds a wall time; which zone it is in depends on who wrote it:
-- - now() and the column defaults wrote the wall time of the writing session's TimeZone, which
--   for the app was the database's default (its pool never set one). This migration runs in a
--   session with the database's own defaults (the app's migrator, like psql), so the plain
--   type change reads those values in that same zone and keeps their instants.
-- - vendor_bookings.cancelled_at, and users.updated_at once a user signed in again or changed,
--   were written by the app from JavaScript dates, which drizzle sends as UTC: read as UTC. A
--   user's updated_at still equal to its created_at is the insert's now() and keeps that zone.
-- With the session in UTC, PostgreSQL changes the type without rewriting the table; in any other
-- zone it rewrites the tables, which is what converts their values.
ALTER TABLE "advertisements" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advertisements" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "development_resources" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "development_resources" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "featured_artists" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "featured_artists" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "live_streams" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_streams" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "merchandise" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchandise" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "merchandise_orders" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "object_uploads" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "object_uploads" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "session_musicians" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_musicians" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
-- The cache trigger's WHEN clause reads expire; PostgreSQL refuses to change the type under it.
DROP TRIGGER "sessions_cache_notify" ON "sessions";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "expire" SET DATA TYPE timestamp (6) with time zone;--> statement-breakpoint
CREATE TRIGGER sessions_cache_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW WHEN (OLD.expire > now()) EXECUTE FUNCTION label_cache_notify_row('sid');--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "submitted_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "submitted_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "ticket_purchases" ALTER COLUMN "purchase_date" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ALTER COLUMN "purchase_date" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "tour_dates" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tour_dates" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DATA TYPE timestamp with time zone USING (CASE WHEN "updated_at" = "created_at" THEN "updated_at"::timestamp with time zone ELSE "updated_at" AT TIME ZONE 'UTC' END);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
SET LOCAL "TimeZone" TO 'UTC';--> statement-breakpoint
ALTER TABLE "vendor_bookings" ALTER COLUMN "cancelled_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
SET LOCAL "TimeZone" TO DEFAULT;--> statement-breakpoint
ALTER TABLE "vendor_bookings" ALTER COLUMN "created_at" SET DATA TYPE timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_bookings" ALTER COLUMN "created_at" SET DEFAULT now();