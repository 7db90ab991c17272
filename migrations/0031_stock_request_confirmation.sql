-- "Tell me when it's back" is double opt-in: only an address whose owner opened the emailed link gets the e-mail. Requests made before have no confirmation and are not e-mailed (docs/decisions/041-mail-that-cannot-be-abused.md).
ALTER TABLE "merchandise_stock_requests" ADD COLUMN "confirmed_at" timestamp with time zone;
