CREATE TABLE "invoice_payment_intents" (
	"payment_intent_id" text PRIMARY KEY NOT NULL,
	"invoice_id" varchar NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payment_intents_status_check" CHECK ("invoice_payment_intents"."status" in ('open', 'cancelling', 'cancelled', 'settled', 'refunding', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "invoice_payment_intents" ADD CONSTRAINT "invoice_payment_intents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payment_intents_invoice_id_idx" ON "invoice_payment_intents" USING btree ("invoice_id","status");--> statement-breakpoint
CREATE INDEX "invoice_payment_intents_due_idx" ON "invoice_payment_intents" USING btree ("updated_at") WHERE "invoice_payment_intents"."status" in ('cancelling', 'refunding');