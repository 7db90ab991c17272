-- TuneCore's newer layout says what a sale was in and at what rate it became the account's currency; both are kept beside the line (nullable, no default: no rewrite of the table).
ALTER TABLE "royalty_lines" ADD COLUMN "net_sales_currency" text;--> statement-breakpoint
ALTER TABLE "royalty_lines" ADD COLUMN "exchange_rate" numeric(20, 10);
