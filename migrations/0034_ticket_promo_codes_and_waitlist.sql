-- Ticket promo codes and the waiting list (docs/decisions/052-ticket-promo-codes-and-waiting-list.md). An order records the code it used and how many of its tickets it discounted: a code's uses are counted from held and paid orders, so a released, cancelled or refunded order gives them back.
CREATE TABLE "ticket_promo_codes" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" varchar NOT NULL,
	"code" text NOT NULL,
	"percent_off" numeric(5, 2),
	"amount_off" numeric(10, 2),
	"max_uses" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_promo_codes_discount_check" CHECK (("ticket_promo_codes"."percent_off" is null) <> ("ticket_promo_codes"."amount_off" is null) and ("ticket_promo_codes"."percent_off" is null or ("ticket_promo_codes"."percent_off" > 0 and "ticket_promo_codes"."percent_off" <= 100)) and ("ticket_promo_codes"."amount_off" is null or "ticket_promo_codes"."amount_off" >= 0.01)),
	CONSTRAINT "ticket_promo_codes_max_uses_check" CHECK ("ticket_promo_codes"."max_uses" is null or "ticket_promo_codes"."max_uses" >= 1),
	CONSTRAINT "ticket_promo_codes_window_check" CHECK ("ticket_promo_codes"."starts_at" is null or "ticket_promo_codes"."ends_at" is null or "ticket_promo_codes"."ends_at" > "ticket_promo_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "ticket_waitlist_entries" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" varchar NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"name" text,
	"quantity" integer NOT NULL,
	"user_id" varchar,
	"token" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"held_tickets" integer DEFAULT 0 NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"order_id" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_waitlist_entries_token_unique" UNIQUE("token"),
	CONSTRAINT "ticket_waitlist_entries_quantity_check" CHECK ("ticket_waitlist_entries"."quantity" >= 1),
	CONSTRAINT "ticket_waitlist_entries_held_check" CHECK ("ticket_waitlist_entries"."held_tickets" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "promo_code_id" varchar;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "discount_amount" numeric(10, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "promo_uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_promo_codes" ADD CONSTRAINT "ticket_promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist_entries" ADD CONSTRAINT "ticket_waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist_entries" ADD CONSTRAINT "ticket_waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist_entries" ADD CONSTRAINT "ticket_waitlist_entries_order_id_ticket_purchases_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_promo_codes_event_code_unique" ON "ticket_promo_codes" USING btree ("event_id",lower("code"));--> statement-breakpoint
CREATE INDEX "ticket_promo_codes_code_idx" ON "ticket_promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_waitlist_entries_person_unique" ON "ticket_waitlist_entries" USING btree ("event_id","email_key") WHERE "ticket_waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "ticket_waitlist_entries_event_idx" ON "ticket_waitlist_entries" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_waitlist_entries_offer_idx" ON "ticket_waitlist_entries" USING btree ("offer_expires_at") WHERE "ticket_waitlist_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_promo_code_id_ticket_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."ticket_promo_codes"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
