ALTER TABLE "store_listings" ADD COLUMN "cover_url" text;
