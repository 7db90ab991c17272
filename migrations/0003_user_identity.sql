ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_idx" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
-- Admins from before this migration came from ADMIN_EMAILS or the master code, and which one was not recorded. They count as ADMIN_EMAILS grants: one whose address is no longer on the list loses the role at the next sign-in (and may enter the master code again).
UPDATE "users" SET "admin_source" = 'admin-emails' WHERE "role" = 'admin';
