CREATE TABLE "store_codes" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"release_id" varchar NOT NULL,
	"batch" text NOT NULL,
	"redeemed_email" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "store_listings" (
	"release_id" varchar PRIMARY KEY NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"pay_what_you_want" boolean DEFAULT false NOT NULL,
	"minimum_price" numeric(10, 2),
	"suggested_price" numeric(10, 2),
	"formats" text[] NOT NULL,
	"track_price" numeric(10, 2),
	"genre" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_listings_amounts_check" CHECK ("store_listings"."price" >= 0 and coalesce("store_listings"."minimum_price", 0) >= 0 and coalesce("store_listings"."suggested_price", 0) >= 0 and coalesce("store_listings"."track_price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_purchases" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"release_id" varchar NOT NULL,
	"email" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" text NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_purchases_token_unique" UNIQUE("token"),
	CONSTRAINT "store_purchases_amount_check" CHECK ("store_purchases"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_track_audio" (
	"track_id" varchar PRIMARY KEY NOT NULL,
	"master_id" varchar NOT NULL,
	"master_content_type" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"mp3_id" varchar,
	"flac_id" varchar,
	"preview_id" varchar,
	"duration_seconds" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_codes" ADD CONSTRAINT "store_codes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_listings" ADD CONSTRAINT "store_listings_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchases" ADD CONSTRAINT "store_purchases_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_track_audio" ADD CONSTRAINT "store_track_audio_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_codes_release_idx" ON "store_codes" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE INDEX "store_listings_published_idx" ON "store_listings" USING btree ("updated_at") WHERE "store_listings"."published";--> statement-breakpoint
CREATE INDEX "store_purchases_email_idx" ON "store_purchases" USING btree ("email");--> statement-breakpoint
CREATE INDEX "store_track_audio_pending_idx" ON "store_track_audio" USING btree ("updated_at") WHERE "store_track_audio"."status" = 'pending';