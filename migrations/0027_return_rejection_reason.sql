-- Why an admin turned a buyer's return request down, kept so the buyer's order page can show it
-- (until now it was only in the e-mail). A nullable column without a default: no rewrite, no scan.
ALTER TABLE "merchandise_returns" ADD COLUMN "rejection_reason" text;
