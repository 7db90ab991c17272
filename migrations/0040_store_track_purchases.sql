-- migrate: no-transaction
-- A purchase of one track of a release (docs/decisions/051-the-music-store.md): the track it
-- bought, null for a whole release. The column is new and empty, so its foreign key is added
-- NOT VALID (a moment's lock, no scan) and validated apart without blocking purchases, and the
-- index a track's deletion checks is built concurrently (docs/operations.md, "Migrations on busy
-- tables"). Every statement is safe to run again from the top.
ALTER TABLE "store_purchases" ADD COLUMN IF NOT EXISTS "track_id" varchar;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "store_purchases" ADD CONSTRAINT "store_purchases_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "store_purchases" VALIDATE CONSTRAINT "store_purchases_track_id_tracks_id_fk";--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "store_purchases_track_idx" ON "store_purchases" USING btree ("track_id") WHERE "store_purchases"."track_id" is not null;
