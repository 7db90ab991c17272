-- migrate: no-transaction
-- Written by hand. The tickets of the orders placed before 0020 (its trigger issues those placed
-- since), 2,000 orders per transaction, so a table of millions of orders never holds one long
-- transaction or a lock that purchases wait for; ON CONFLICT makes a run stopped half-way safe
-- to start again from the top. An order an earlier version admitted whole (status "used") has
-- every ticket admitted when and by whom it was. Then the indexes, built concurrently once the
-- rows are in (docs/operations.md, "Migrations on busy tables").
DO $$
DECLARE
  after_id varchar := '';
  upto varchar;
BEGIN
  LOOP
    SELECT max(batch."id") INTO upto
      FROM (SELECT "id" FROM "ticket_purchases" WHERE "id" > after_id ORDER BY "id" LIMIT 2000) AS batch;
    EXIT WHEN upto IS NULL;
    INSERT INTO "issued_tickets" ("order_id", "position", "checked_in_at", "checked_in_by")
    SELECT p."id", n,
      CASE WHEN p."status" = 'used' THEN coalesce(p."checked_in_at", p."purchase_date") END,
      CASE WHEN p."status" = 'used' THEN p."checked_in_by" END
    FROM "ticket_purchases" p CROSS JOIN LATERAL generate_series(1, p."quantity") AS n
    WHERE p."id" > after_id AND p."id" <= upto
    ON CONFLICT DO NOTHING;
    after_id := upto;
    COMMIT;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "issued_tickets_checked_in_idx" ON "issued_tickets" USING btree ("order_id") WHERE "issued_tickets"."checked_in_at" is not null;--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "issued_tickets_checked_in_by_idx" ON "issued_tickets" USING btree ("checked_in_by") WHERE "issued_tickets"."checked_in_by" is not null;
