-- migrate: no-transaction
-- Written by hand. The orders placed before 0022 get what the orders placed since get on insert:
-- their one line (the line's id is the order's; the item's default variant), their subtotal
-- (the total; no shipping or tax), their status from their payment and a number. 2,000 orders
-- per transaction, so a table of millions never holds one long transaction or a lock purchases
-- wait for; a run stopped half-way starts again safely from the top (ON CONFLICT, and only rows
-- still without a number are numbered). Then the indexes, built concurrently, and the user key
-- added NOT VALID in 0022 validated (docs/operations.md, "Migrations on busy tables").
DO $$
DECLARE
  after_id varchar := '';
  upto varchar;
BEGIN
  LOOP
    SELECT max(batch."id") INTO upto
      FROM (SELECT "id" FROM "merchandise_orders" WHERE "id" > after_id ORDER BY "id" LIMIT 2000) AS batch;
    EXIT WHEN upto IS NULL;
    INSERT INTO "merchandise_order_lines" ("id", "order_id", "variant_id", "merchandise_id", "sku", "options", "item_name", "quantity", "unit_price")
    SELECT o."id", o."id", v."id", o."merchandise_id", coalesce(v."sku", ''), '{}'::jsonb, o."item_name", o."quantity", o."unit_price"
    FROM "merchandise_orders" o
    LEFT JOIN "merchandise_variants" v ON v."merchandise_id" = o."merchandise_id" AND v."options" = '{}'::jsonb
    WHERE o."id" > after_id AND o."id" <= upto AND o."order_number" IS NULL
      AND o."item_name" IS NOT NULL AND o."quantity" IS NOT NULL AND o."unit_price" IS NOT NULL
    ON CONFLICT ("id") DO NOTHING;
    UPDATE "merchandise_orders" o SET
      "order_number" = numbered."number",
      "status" = "merchandise_order_status_for"(o."payment_status", 'pending'),
      "subtotal" = coalesce(o."subtotal", o."total_amount"),
      "shipping" = coalesce(o."shipping", 0),
      "tax" = coalesce(o."tax", 0)
    FROM (
      SELECT ordered."id", nextval('merchandise_order_numbers') AS "number"
      FROM (
        SELECT "id" FROM "merchandise_orders"
        WHERE "id" > after_id AND "id" <= upto AND "order_number" IS NULL
        ORDER BY "created_at", "id"
      ) AS ordered
    ) AS numbered
    WHERE o."id" = numbered."id";
    after_id := upto;
    COMMIT;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "merchandise_orders_order_number_idx" ON "merchandise_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "merchandise_orders_status_idx" ON "merchandise_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "merchandise_orders_user_id_idx" ON "merchandise_orders" USING btree ("user_id") WHERE "merchandise_orders"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "merchandise_orders" VALIDATE CONSTRAINT "merchandise_orders_user_id_users_id_fk";
