-- The shop's order placement in one statement (docs/decisions/044-the-shop-as-one-room.md): the
-- holder's unpaid checkouts counted under their advisory locks, the stock rows locked in the
-- shared order (items, then variants, each by id), every line checked and taken, the order and
-- its lines inserted. Called on its own it commits as it returns, so no round trip to the app
-- is ever made while a variant's row is locked. The function is VOLATILE: each query in it takes
-- a fresh snapshot, so the counts see every hold committed while the locks were waited for (one
-- plain statement would count from a snapshot taken before the wait).
-- It answers {outcome: "too-many"}, {outcome: "short", variantId, stock} (nothing taken),
-- {outcome: "alert"} (nothing taken: a line would take its variant to its low-stock threshold,
-- and its e-mail is queued by the app, so the app calls again inside a transaction with
-- alerts_in_transaction) or {outcome: "placed", id, orderNumber, totalAmount, changes}.
CREATE FUNCTION "merchandise_place_order"(
  p_holder_keys text[],
  p_client_address text,
  p_email_lower text,
  p_since timestamptz,
  p_per_address integer,
  p_per_email integer,
  p_variant_ids varchar[],
  p_quantities integer[],
  p_order jsonb,
  p_lines jsonb,
  p_alerts_in_transaction boolean
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k text;
  by_address integer;
  by_email integer;
  short record;
  placed record;
  changes jsonb;
BEGIN
  FOREACH k IN ARRAY p_holder_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtext(k));
  END LOOP;
  SELECT count(*) INTO by_address FROM "merchandise_orders" o
    WHERE o."payment_status" = 'pending' AND o."created_at" >= p_since AND o."client_address" = p_client_address;
  SELECT count(*) INTO by_email FROM "merchandise_orders" o
    WHERE o."payment_status" = 'pending' AND o."created_at" >= p_since AND lower(o."customer_email") = p_email_lower;
  IF by_address >= p_per_address OR by_email >= p_per_email THEN
    RETURN jsonb_build_object('outcome', 'too-many');
  END IF;

  PERFORM 1 FROM "merchandise" m
    WHERE m."id" IN (SELECT v."merchandise_id" FROM "merchandise_variants" v WHERE v."id" = ANY (p_variant_ids))
    ORDER BY m."id" FOR UPDATE;
  PERFORM 1 FROM "merchandise_variants" v WHERE v."id" = ANY (p_variant_ids) ORDER BY v."id" FOR UPDATE;
  SELECT w.variant_id, v."stock_quantity" AS stock INTO short
    FROM unnest(p_variant_ids, p_quantities) WITH ORDINALITY AS w(variant_id, quantity, n)
    LEFT JOIN "merchandise_variants" v ON v."id" = w.variant_id
    WHERE v."id" IS NULL OR v."stock_quantity" < w.quantity
    ORDER BY w.n LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('outcome', 'short', 'variantId', short.variant_id, 'stock', short.stock);
  END IF;
  IF NOT p_alerts_in_transaction AND EXISTS (
    SELECT 1 FROM unnest(p_variant_ids, p_quantities) AS w(variant_id, quantity)
    JOIN "merchandise_variants" v ON v."id" = w.variant_id
    WHERE v."stock_quantity" - w.quantity <= v."low_stock_threshold" AND v."low_stock_notified_at" IS NULL
  ) THEN
    RETURN jsonb_build_object('outcome', 'alert');
  END IF;

  INSERT INTO "merchandise_orders" ("total_amount", "subtotal", "shipping", "tax", "customer_email", "client_address",
      "user_id", "ship_name", "ship_line1", "ship_line2", "ship_city", "ship_region", "ship_postal_code",
      "ship_country", "shipping_zone", "tax_rate")
    SELECT o."total_amount", o."subtotal", o."shipping", o."tax", o."customer_email", p_client_address,
      o."user_id", o."ship_name", o."ship_line1", o."ship_line2", o."ship_city", o."ship_region", o."ship_postal_code",
      o."ship_country", o."shipping_zone", o."tax_rate"
    FROM jsonb_populate_record(NULL::"merchandise_orders", p_order) o
    RETURNING "id", "order_number", "total_amount" INTO placed;
  INSERT INTO "merchandise_order_lines" ("order_id", "variant_id", "merchandise_id", "sku", "options", "item_name",
      "quantity", "unit_price", "tax", "ships_from", "position")
    SELECT placed."id", l."variant_id", l."merchandise_id", l."sku", l."options", l."item_name",
      l."quantity", l."unit_price", l."tax", l."ships_from", l."position"
    FROM jsonb_populate_recordset(NULL::"merchandise_order_lines", p_lines) l;
  WITH changed AS (
    UPDATE "merchandise_variants" v SET "stock_quantity" = v."stock_quantity" - w.quantity
    FROM unnest(p_variant_ids, p_quantities) AS w(variant_id, quantity), "merchandise" m
    WHERE v."id" = w.variant_id AND m."id" = v."merchandise_id"
    RETURNING v."id" AS "variantId", v."merchandise_id" AS "merchandiseId", m."name" AS "itemName", v."sku",
      v."options", v."stock_quantity" + w.quantity AS "before", v."stock_quantity" AS "after",
      v."low_stock_threshold" AS "lowStockThreshold", v."low_stock_notified_at" AS "lowStockNotifiedAt"
  )
  SELECT coalesce(jsonb_agg(to_jsonb(changed)), '[]'::jsonb) INTO changes FROM changed;
  RETURN jsonb_build_object('outcome', 'placed', 'id', placed."id", 'orderNumber', placed."order_number",
    'totalAmount', placed."total_amount"::text, 'changes', changes);
END
$$;
