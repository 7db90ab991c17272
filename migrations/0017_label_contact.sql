ALTER TABLE "users" ADD COLUMN "label_contact_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "label_contact_email" text;