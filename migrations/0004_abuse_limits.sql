ALTER TABLE "invoices" DROP CONSTRAINT "invoices_invoice_number_unique";--> statement-breakpoint
DROP INDEX "invoices_user_id_idx";--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "vendor_bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "merchandise_orders_pending_address_idx" ON "merchandise_orders" USING btree ("client_address","created_at") WHERE "merchandise_orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "merchandise_orders_pending_email_idx" ON "merchandise_orders" USING btree (lower("customer_email"),"created_at") WHERE "merchandise_orders"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "object_uploads_created_at_idx" ON "object_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vendor_bookings_pending_address_idx" ON "vendor_bookings" USING btree ("client_address","created_at") WHERE "vendor_bookings"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "vendor_bookings_pending_email_idx" ON "vendor_bookings" USING btree (lower("vendor_email"),"created_at") WHERE "vendor_bookings"."payment_status" = 'pending';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_invoice_number_unique" UNIQUE("user_id","invoice_number");--> statement-breakpoint
ALTER TABLE "merchandise" ADD CONSTRAINT "merchandise_max_per_order_check" CHECK ("merchandise"."max_per_order" between 1 and 1000);