CREATE TABLE "tour_date_vendor_slots" (
	"tour_date_id" varchar NOT NULL,
	"spot_type" text NOT NULL,
	"capacity" integer,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tour_date_vendor_slots_tour_date_id_spot_type_pk" PRIMARY KEY("tour_date_id","spot_type"),
	CONSTRAINT "tour_date_vendor_slots_taken_check" CHECK ("tour_date_vendor_slots"."taken" >= 0),
	CONSTRAINT "tour_date_vendor_slots_capacity_check" CHECK ("tour_date_vendor_slots"."capacity" is null or "tour_date_vendor_slots"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vendor_bookings" DROP CONSTRAINT "vendor_bookings_tour_date_id_tour_dates_id_fk";
--> statement-breakpoint
ALTER TABLE "vendor_bookings" ALTER COLUMN "tour_date_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD COLUMN "event_id" varchar;--> statement-breakpoint
ALTER TABLE "vendor_bookings" ADD COLUMN "cancelled_at" timestamp;--> statement-breakpoint
ALTER TABLE "vendor_bookings" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "tour_date_vendor_slots" ADD CONSTRAINT "tour_date_vendor_slots_tour_date_id_tour_dates_id_fk" FOREIGN KEY ("tour_date_id") REFERENCES "public"."tour_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_dates" ADD CONSTRAINT "tour_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bookings" ADD CONSTRAINT "vendor_bookings_tour_date_id_tour_dates_id_fk" FOREIGN KEY ("tour_date_id") REFERENCES "public"."tour_dates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_dates_date_idx" ON "tour_dates" USING btree ("date");--> statement-breakpoint
CREATE INDEX "tour_dates_event_id_idx" ON "tour_dates" USING btree ("event_id");--> statement-breakpoint
-- Every existing show offers the default number of slots per spot type (capacity null: the
-- VENDOR_SLOTS_PER_TYPE setting), with its paid and still-pending bookings already counted.
INSERT INTO "tour_date_vendor_slots" ("tour_date_id", "spot_type", "capacity", "taken")
SELECT t."id", s."spot_type", NULL,
  (SELECT count(*) FROM "vendor_bookings" b
    WHERE b."tour_date_id" = t."id" AND b."spot_type" = s."spot_type" AND b."payment_status" IN ('paid', 'pending'))
FROM "tour_dates" t CROSS JOIN (VALUES ('standard'), ('premium'), ('deluxe')) AS s("spot_type");
--> statement-breakpoint
CREATE TRIGGER tour_date_vendor_slots_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tour_date_vendor_slots FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
