-- The shop's data model: options and variants (each with its SKU, price and stock), "tell me
-- when it's back" requests, shipping zones and rates, order lines, fulfilments, returns and
-- members' carts; merchandise_orders gains its address, amounts, status and number. Short: the
-- new columns of merchandise_orders carry no volatile default (no rewrite), its new key is added
-- NOT VALID, and its old orders get their lines, status and numbers in 0023, in batches outside a
-- transaction, beside its indexes (docs/operations.md, "Migrations on busy tables").
CREATE SEQUENCE "public"."merchandise_order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "merchandise_carts" (
	"user_id" varchar PRIMARY KEY NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchandise_fulfilment_lines" (
	"fulfilment_id" varchar NOT NULL,
	"order_line_id" varchar NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "merchandise_fulfilment_lines_fulfilment_id_order_line_id_pk" PRIMARY KEY("fulfilment_id","order_line_id"),
	CONSTRAINT "merchandise_fulfilment_lines_quantity_check" CHECK ("merchandise_fulfilment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "merchandise_fulfilments" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" varchar NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" varchar
);
--> statement-breakpoint
CREATE TABLE "merchandise_order_lines" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" varchar NOT NULL,
	"variant_id" varchar,
	"merchandise_id" varchar,
	"sku" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"item_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"tax" numeric(10, 2) DEFAULT '0' NOT NULL,
	"ships_from" date,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchandise_order_lines_quantity_check" CHECK ("merchandise_order_lines"."quantity" > 0),
	CONSTRAINT "merchandise_order_lines_amounts_check" CHECK ("merchandise_order_lines"."unit_price" >= 0 and "merchandise_order_lines"."tax" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merchandise_return_lines" (
	"return_id" varchar NOT NULL,
	"order_line_id" varchar NOT NULL,
	"quantity" integer NOT NULL,
	"refund_amount" numeric(10, 2),
	CONSTRAINT "merchandise_return_lines_return_id_order_line_id_pk" PRIMARY KEY("return_id","order_line_id"),
	CONSTRAINT "merchandise_return_lines_quantity_check" CHECK ("merchandise_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "merchandise_returns" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" varchar NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"restock" boolean DEFAULT false NOT NULL,
	"refund_amount" numeric(10, 2),
	"refund_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"approved_by" varchar,
	CONSTRAINT "merchandise_returns_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "merchandise_returns_refund_amount_check" CHECK ("merchandise_returns"."refund_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merchandise_shipping_rates" (
	"merchandise_id" varchar NOT NULL,
	"zone_id" varchar NOT NULL,
	"first" numeric(10, 2) NOT NULL,
	"additional" numeric(10, 2) NOT NULL,
	CONSTRAINT "merchandise_shipping_rates_merchandise_id_zone_id_pk" PRIMARY KEY("merchandise_id","zone_id"),
	CONSTRAINT "merchandise_shipping_rates_amounts_check" CHECK ("merchandise_shipping_rates"."first" >= 0 and "merchandise_shipping_rates"."additional" >= 0)
);
--> statement-breakpoint
CREATE TABLE "merchandise_stock_requests" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" varchar NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchandise_variants" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchandise_id" varchar NOT NULL,
	"sku" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" numeric(10, 2),
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 3 NOT NULL,
	"low_stock_notified_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchandise_variants_stock_quantity_check" CHECK ("merchandise_variants"."stock_quantity" >= 0),
	CONSTRAINT "merchandise_variants_price_check" CHECK ("merchandise_variants"."price" >= 0),
	CONSTRAINT "merchandise_variants_low_stock_threshold_check" CHECK ("merchandise_variants"."low_stock_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" varchar PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"tax_rate" numeric(6, 3) DEFAULT '0' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_name_unique" UNIQUE("name"),
	CONSTRAINT "shipping_zones_tax_rate_check" CHECK ("shipping_zones"."tax_rate" >= 0 and "shipping_zones"."tax_rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "merchandise_orders" ALTER COLUMN "item_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ALTER COLUMN "unit_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ALTER COLUMN "quantity" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "ships_from" date;--> statement-breakpoint
ALTER TABLE "merchandise" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
-- The default comes after the column, so the rows already there keep null (0023 numbers them) and
-- the table is not rewritten.
ALTER TABLE "merchandise_orders" ADD COLUMN "order_number" bigint;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ALTER COLUMN "order_number" SET DEFAULT nextval('merchandise_order_numbers');--> statement-breakpoint
ALTER SEQUENCE "merchandise_order_numbers" OWNED BY "merchandise_orders"."order_number";--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "subtotal" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "shipping" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "tax" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "refunded_amount" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "ship_name" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "ship_line1" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "ship_line2" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "ship_city" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "ship_region" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "ship_postal_code" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "ship_country" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "shipping_zone" text;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "tax_rate" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "user_id" varchar;--> statement-breakpoint
ALTER TABLE "merchandise_orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchandise_carts" ADD CONSTRAINT "merchandise_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_fulfilment_lines" ADD CONSTRAINT "merchandise_fulfilment_lines_fulfilment_id_merchandise_fulfilments_id_fk" FOREIGN KEY ("fulfilment_id") REFERENCES "public"."merchandise_fulfilments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_fulfilment_lines" ADD CONSTRAINT "merchandise_fulfilment_lines_order_line_id_merchandise_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."merchandise_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_fulfilments" ADD CONSTRAINT "merchandise_fulfilments_order_id_merchandise_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."merchandise_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_fulfilments" ADD CONSTRAINT "merchandise_fulfilments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_order_lines" ADD CONSTRAINT "merchandise_order_lines_order_id_merchandise_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."merchandise_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_order_lines" ADD CONSTRAINT "merchandise_order_lines_variant_id_merchandise_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."merchandise_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_order_lines" ADD CONSTRAINT "merchandise_order_lines_merchandise_id_merchandise_id_fk" FOREIGN KEY ("merchandise_id") REFERENCES "public"."merchandise"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_return_lines" ADD CONSTRAINT "merchandise_return_lines_return_id_merchandise_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."merchandise_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_return_lines" ADD CONSTRAINT "merchandise_return_lines_order_line_id_merchandise_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."merchandise_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_returns" ADD CONSTRAINT "merchandise_returns_order_id_merchandise_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."merchandise_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_returns" ADD CONSTRAINT "merchandise_returns_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_shipping_rates" ADD CONSTRAINT "merchandise_shipping_rates_merchandise_id_merchandise_id_fk" FOREIGN KEY ("merchandise_id") REFERENCES "public"."merchandise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_shipping_rates" ADD CONSTRAINT "merchandise_shipping_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_stock_requests" ADD CONSTRAINT "merchandise_stock_requests_variant_id_merchandise_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."merchandise_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_variants" ADD CONSTRAINT "merchandise_variants_merchandise_id_merchandise_id_fk" FOREIGN KEY ("merchandise_id") REFERENCES "public"."merchandise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchandise_fulfilment_lines_line_idx" ON "merchandise_fulfilment_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "merchandise_fulfilments_order_idx" ON "merchandise_fulfilments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "merchandise_fulfilments_tracking_idx" ON "merchandise_fulfilments" USING btree (lower("tracking_number"));--> statement-breakpoint
CREATE INDEX "merchandise_order_lines_order_idx" ON "merchandise_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "merchandise_order_lines_variant_idx" ON "merchandise_order_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "merchandise_order_lines_sku_idx" ON "merchandise_order_lines" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "merchandise_return_lines_line_idx" ON "merchandise_return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "merchandise_returns_order_idx" ON "merchandise_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "merchandise_shipping_rates_zone_idx" ON "merchandise_shipping_rates" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchandise_stock_requests_variant_email_idx" ON "merchandise_stock_requests" USING btree ("variant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "merchandise_stock_requests_waiting_idx" ON "merchandise_stock_requests" USING btree ("variant_id") WHERE "merchandise_stock_requests"."notified_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "merchandise_variants_sku_idx" ON "merchandise_variants" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "merchandise_variants_item_options_idx" ON "merchandise_variants" USING btree ("merchandise_id","options");--> statement-breakpoint
-- Every value is null so far: NOT VALID checks the rows written from now on without a scan.
ALTER TABLE "merchandise_orders" ADD CONSTRAINT "merchandise_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
-- Written by hand from here (drizzle-kit does not model triggers or data).
-- Every item there is gets its default variant: no options, the item's stock, a generated SKU.
-- Before the triggers below exist, so the item's stock is not counted twice.
INSERT INTO "merchandise_variants" ("merchandise_id", "sku", "options", "stock_quantity")
SELECT "id", 'SKU-' || upper(left(replace("id", '-', ''), 12)), '{}'::jsonb, "stock_quantity" FROM "merchandise";--> statement-breakpoint
-- An item's stock_quantity is the sum of its variants' stock: every change to a variant's stock
-- moves it by the difference (a difference, not a recount, so concurrent sales of two variants
-- of one item both count: the second waits for the item's row and adds to what the first left).
CREATE FUNCTION "merchandise_variants_sync_item_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "merchandise" SET "stock_quantity" = "stock_quantity" + NEW."stock_quantity"
      WHERE "id" = NEW."merchandise_id" AND NEW."stock_quantity" <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "merchandise" SET "stock_quantity" = "stock_quantity" - OLD."stock_quantity"
      WHERE "id" = OLD."merchandise_id" AND OLD."stock_quantity" <> 0;
  ELSIF NEW."stock_quantity" <> OLD."stock_quantity" THEN
    UPDATE "merchandise" SET "stock_quantity" = "stock_quantity" + NEW."stock_quantity" - OLD."stock_quantity"
      WHERE "id" = NEW."merchandise_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "merchandise_variants_sync_item_stock" AFTER INSERT OR DELETE OR UPDATE OF "stock_quantity"
  ON "merchandise_variants" FOR EACH ROW EXECUTE FUNCTION "merchandise_variants_sync_item_stock"();--> statement-breakpoint
-- Every new item, whoever inserts it, gets its default variant carrying the stock it was created
-- with (the item's count is zeroed first; the variant's trigger above adds it back).
CREATE FUNCTION "merchandise_default_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchandise" SET "stock_quantity" = 0 WHERE "id" = NEW."id" AND NEW."stock_quantity" <> 0;
  INSERT INTO "merchandise_variants" ("merchandise_id", "sku", "options", "stock_quantity")
  VALUES (NEW."id", 'SKU-' || upper(left(replace(NEW."id", '-', ''), 12)), '{}'::jsonb, NEW."stock_quantity");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "merchandise_default_variant" AFTER INSERT ON "merchandise"
  FOR EACH ROW EXECUTE FUNCTION "merchandise_default_variant"();--> statement-breakpoint
-- The order's status from its payment's, for a write that changed only the payment: pending and
-- failed as they are, paid once (a later state, shipped or returned, stays), refunded as
-- cancelled unless the order was returned.
CREATE FUNCTION "merchandise_order_status_for"(payment text, current_status text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN payment IN ('pending', 'failed') THEN payment
    WHEN payment = 'paid' THEN CASE WHEN current_status IN ('pending', 'failed') THEN 'paid' ELSE current_status END
    WHEN payment = 'refunded' THEN CASE WHEN current_status = 'returned' THEN 'returned' ELSE 'cancelled' END
    ELSE current_status
  END
$$;--> statement-breakpoint
-- Code that knows only payment_status (an instance of the previous version during a deploy, the
-- webhook) keeps status right; code that sets status itself wins. A single-item order inserted
-- the old way gets its amounts: the total is the subtotal, with no shipping or tax.
CREATE FUNCTION "merchandise_orders_follow_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."status" = 'pending' THEN
      NEW."status" := "merchandise_order_status_for"(NEW."payment_status", 'pending');
    END IF;
    IF NEW."subtotal" IS NULL AND NEW."item_name" IS NOT NULL THEN
      NEW."subtotal" := NEW."total_amount";
      NEW."shipping" := coalesce(NEW."shipping", 0);
      NEW."tax" := coalesce(NEW."tax", 0);
    END IF;
  ELSIF NEW."payment_status" IS DISTINCT FROM OLD."payment_status" AND NEW."status" IS NOT DISTINCT FROM OLD."status" THEN
    NEW."status" := "merchandise_order_status_for"(NEW."payment_status", OLD."status");
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "merchandise_orders_follow_payment" BEFORE INSERT OR UPDATE OF "payment_status", "status"
  ON "merchandise_orders" FOR EACH ROW EXECUTE FUNCTION "merchandise_orders_follow_payment"();--> statement-breakpoint
-- The one line of a single-item order (item_name set), inserted in the inserting statement, so
-- the order and its line commit or roll back together; the line's id is the order's.
CREATE FUNCTION "merchandise_order_single_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "merchandise_order_lines" ("id", "order_id", "variant_id", "merchandise_id", "sku", "options", "item_name", "quantity", "unit_price")
  SELECT NEW."id", NEW."id", v."id", NEW."merchandise_id", coalesce(v."sku", ''), '{}'::jsonb, NEW."item_name", NEW."quantity", NEW."unit_price"
  FROM (SELECT 1) AS one
  LEFT JOIN "merchandise_variants" v ON v."merchandise_id" = NEW."merchandise_id" AND v."options" = '{}'::jsonb;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "merchandise_order_single_line" AFTER INSERT ON "merchandise_orders"
  FOR EACH ROW WHEN (NEW."item_name" IS NOT NULL AND NEW."quantity" IS NOT NULL AND NEW."unit_price" IS NOT NULL)
  EXECUTE FUNCTION "merchandise_order_single_line"();
--> statement-breakpoint
-- The public item list and pages are cached in memory (docs/decisions/017-never-stale-caches.md):
-- a change to a variant (price, SKU, stock) or to the zones drops every instance's copy.
CREATE TRIGGER merchandise_variants_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merchandise_variants FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
CREATE TRIGGER shipping_zones_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipping_zones FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
--> statement-breakpoint
CREATE TRIGGER merchandise_shipping_rates_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merchandise_shipping_rates FOR EACH STATEMENT EXECUTE FUNCTION label_cache_notify();
