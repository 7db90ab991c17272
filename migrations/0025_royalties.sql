-- Royalties: the catalogue (releases, tracks), payees with their splits and advances, the
-- distributors' report lines, periods, locked statements and payouts
-- (docs/decisions/033-royalty-money-rules.md). New tables only, and one nullable column on
-- merchandise (its artist), which takes no rewrite.
CREATE TABLE "payees" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"artist_name" text,
	"platform_share" numeric(5, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payees_platform_share_check" CHECK ("payees"."platform_share" >= 0 and "payees"."platform_share" <= 100)
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"artist" text NOT NULL,
	"upc" text NOT NULL,
	"release_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_advances" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payee_id" varchar NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"statement_id" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_advances_amount_check" CHECK ("royalty_advances"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "royalty_code_assignments" (
	"code" text PRIMARY KEY NOT NULL,
	"track_id" varchar,
	"release_id" varchar,
	"created_by" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_code_assignments_target_check" CHECK (("royalty_code_assignments"."track_id" is null) <> ("royalty_code_assignments"."release_id" is null))
);
--> statement-breakpoint
CREATE TABLE "royalty_imports" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" text,
	"file_name" text NOT NULL,
	"content_hash" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"error" text,
	"bytes_total" bigint,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"unmatched" integer DEFAULT 0 NOT NULL,
	"total" numeric DEFAULT '0' NOT NULL,
	"rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "royalty_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "royalty_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" varchar,
	"source" text DEFAULT 'distributor' NOT NULL,
	"reported_on" date NOT NULL,
	"sale_month" text,
	"store" text,
	"country" text,
	"quantity" integer,
	"isrc" text,
	"upc" text,
	"title" text,
	"artist" text,
	"currency" text NOT NULL,
	"amount" numeric(20, 6) NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"converted" numeric NOT NULL,
	"track_id" varchar,
	"release_id" varchar,
	"payee_id" varchar,
	"source_key" text,
	"period_id" varchar
);
--> statement-breakpoint
CREATE TABLE "royalty_payouts" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" varchar NOT NULL,
	"payee_id" varchar NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"applied_statement_id" varchar,
	"created_by" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "royalty_periods" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" varchar,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "royalty_periods_range_check" CHECK ("royalty_periods"."end" >= "royalty_periods"."start")
);
--> statement-breakpoint
CREATE TABLE "royalty_splits" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payee_id" varchar NOT NULL,
	"release_id" varchar,
	"track_id" varchar,
	"share" numeric(5, 2) NOT NULL,
	CONSTRAINT "royalty_splits_share_check" CHECK ("royalty_splits"."share" > 0 and "royalty_splits"."share" <= 100),
	CONSTRAINT "royalty_splits_target_check" CHECK (("royalty_splits"."release_id" is null) <> ("royalty_splits"."track_id" is null))
);
--> statement-breakpoint
CREATE TABLE "royalty_statement_lines" (
	"statement_id" varchar NOT NULL,
	"line_id" bigint NOT NULL,
	"share" numeric(5, 2) NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "royalty_statement_lines_statement_id_line_id_pk" PRIMARY KEY("statement_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "royalty_statements" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_id" varchar NOT NULL,
	"payee_id" varchar NOT NULL,
	"opening" numeric(14, 2) NOT NULL,
	"earned" numeric(14, 2) NOT NULL,
	"advances" numeric(14, 2) NOT NULL,
	"closing" numeric(14, 2) NOT NULL,
	"payable" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"release_id" varchar NOT NULL,
	"title" text NOT NULL,
	"isrc" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "artist" text;--> statement-breakpoint
ALTER TABLE "royalty_advances" ADD CONSTRAINT "royalty_advances_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_code_assignments" ADD CONSTRAINT "royalty_code_assignments_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_code_assignments" ADD CONSTRAINT "royalty_code_assignments_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_code_assignments" ADD CONSTRAINT "royalty_code_assignments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_imports" ADD CONSTRAINT "royalty_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payouts" ADD CONSTRAINT "royalty_payouts_statement_id_royalty_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."royalty_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payouts" ADD CONSTRAINT "royalty_payouts_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_payouts" ADD CONSTRAINT "royalty_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_periods" ADD CONSTRAINT "royalty_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_splits" ADD CONSTRAINT "royalty_splits_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_splits" ADD CONSTRAINT "royalty_splits_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_splits" ADD CONSTRAINT "royalty_splits_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_statements" ADD CONSTRAINT "royalty_statements_period_id_royalty_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."royalty_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_statements" ADD CONSTRAINT "royalty_statements_payee_id_payees_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."payees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payees_email_idx" ON "payees" USING btree ("email");--> statement-breakpoint
CREATE INDEX "payees_artist_name_idx" ON "payees" USING btree (lower("artist_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "releases_upc_idx" ON "releases" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "releases_created_idx" ON "releases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "royalty_advances_open_idx" ON "royalty_advances" USING btree ("payee_id","date") WHERE "royalty_advances"."statement_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_imports_hash_idx" ON "royalty_imports" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "royalty_imports_created_idx" ON "royalty_imports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "royalty_lines_unmatched_idx" ON "royalty_lines" USING btree ("isrc","reported_on") WHERE "royalty_lines"."track_id" is null and "royalty_lines"."release_id" is null and "royalty_lines"."payee_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_lines_source_key_idx" ON "royalty_lines" USING btree ("source_key") WHERE "royalty_lines"."source_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_payouts_statement_idx" ON "royalty_payouts" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "royalty_payouts_unapplied_idx" ON "royalty_payouts" USING btree ("payee_id") WHERE "royalty_payouts"."applied_statement_id" is null;--> statement-breakpoint
CREATE INDEX "royalty_periods_start_idx" ON "royalty_periods" USING btree ("start");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_splits_release_payee_idx" ON "royalty_splits" USING btree ("release_id","payee_id") WHERE "royalty_splits"."release_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_splits_track_payee_idx" ON "royalty_splits" USING btree ("track_id","payee_id") WHERE "royalty_splits"."track_id" is not null;--> statement-breakpoint
CREATE INDEX "royalty_splits_payee_idx" ON "royalty_splits" USING btree ("payee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_statements_period_payee_idx" ON "royalty_statements" USING btree ("period_id","payee_id");--> statement-breakpoint
CREATE INDEX "royalty_statements_payee_idx" ON "royalty_statements" USING btree ("payee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracks_isrc_idx" ON "tracks" USING btree ("isrc");--> statement-breakpoint
CREATE INDEX "tracks_release_idx" ON "tracks" USING btree ("release_id");