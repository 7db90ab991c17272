ALTER TABLE "users" ADD COLUMN "label_contact_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "label_contact_email" text;--> statement-breakpoint
CREATE INDEX "users_admins_idx" ON "users" USING btree ("updated_at") WHERE "users"."role" = 'admin';