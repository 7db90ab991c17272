ALTER TABLE "users" ADD COLUMN "label_postal_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "label_return_address" text;