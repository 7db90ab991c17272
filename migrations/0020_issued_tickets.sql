-- One row per ticket of an order, each admitted on its own at the door
-- (docs/decisions/030-one-code-per-ticket.md). This migration is short: the table, its keys,
-- the scan log's ticket column and the trigger that gives every order inserted from now on
-- its tickets, whichever version of the app inserts it. The tickets of the orders already
-- there, and the indexes, follow in 0021 outside a transaction, so purchases never wait for
-- them (docs/operations.md, "Migrations on busy tables").
CREATE TABLE "issued_tickets" (
	"order_id" varchar NOT NULL,
	"position" integer NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" varchar,
	CONSTRAINT "issued_tickets_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "issued_tickets_position_check" CHECK ("issued_tickets"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "ticket_scans" ADD COLUMN "ticket_position" integer;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD CONSTRAINT "issued_tickets_order_id_ticket_purchases_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_tickets" ADD CONSTRAINT "issued_tickets_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). Inside the inserting statement, so the
-- purchase stays one statement and an order and its tickets commit or roll back together.
CREATE FUNCTION "issue_order_tickets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "issued_tickets" ("order_id", "position")
  SELECT NEW."id", n FROM generate_series(1, NEW."quantity") AS n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_purchases_issue_tickets" AFTER INSERT ON "ticket_purchases"
  FOR EACH ROW EXECUTE FUNCTION "issue_order_tickets"();
